import type { AncestorSignature, TargetDescriptor } from './capture';

/**
 * A step's target as the API stores it: the player's descriptor, kept as given (the contract only bounds its size).
 * The one type of a target for the player, the editors and the extension.
 */
export type StepTarget = TargetDescriptor;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const optionalString = (value: unknown) => value === undefined || isString(value);
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

function isAncestor(value: unknown): value is AncestorSignature {
  return (
    isRecord(value) &&
    isString(value.tag) &&
    optionalString(value.id) &&
    (value.classes === undefined || isStrings(value.classes)) &&
    optionalString(value.role) &&
    optionalString(value.label)
  );
}

/**
 * What the API returns for a step's target, checked: a descriptor of a version this player reads, or null (none
 * captured, or stored by something else — the step then plays unanchored rather than the finder failing on it).
 */
export function parseTarget(stored: unknown): StepTarget | null {
  return isStepTarget(stored) ? stored : null;
}

export function isStepTarget(stored: unknown): stored is StepTarget {
  if (!isRecord(stored) || stored.version !== 1) return false;
  const { tag, tour, attributes, role, name, text, classes, css, xpath, fingerprint } = stored;
  if (!isString(tag) || !isString(css) || !isString(xpath)) return false;
  if (!optionalString(tour) || !optionalString(role) || !optionalString(name) || !optionalString(text))
    return false;
  if (classes !== undefined && !isStrings(classes)) return false;
  if (!isRecord(attributes) || !Object.values(attributes).every(isString)) return false;
  if (!isRecord(fingerprint)) return false;
  const { index, siblings, ancestors, context, outer, previous, next } = fingerprint;
  if (typeof index !== 'number' || typeof siblings !== 'number') return false;
  if (!Array.isArray(ancestors) || !ancestors.every(isAncestor)) return false;
  if (!optionalString(context) || !optionalString(previous) || !optionalString(next)) return false;
  if (outer !== undefined && !isStrings(outer)) return false;
  return true;
}

/** A descriptor as the API's step body takes it (a JSON object). */
export function storedTarget(target: StepTarget | null): { [key: string]: unknown } | null {
  return target ? { ...target } : null;
}
