export {
  GuidesToRepair,
  type GuidesToRepairProps,
  type GuideToRepair,
  type RepairStep,
} from './guides-to-repair';
export { type StepHealth, StepHealthBadge } from './step-health-badge';
