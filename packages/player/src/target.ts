import type { AncestorSignature, TargetDescriptor } from './capture';

/**
 * A step's target as the API stores it: the player's descriptor, kept as given (the contract only bounds its size).
 * The one type of a target for the player, the editors and the extension.
 */
export type StepTarget = TargetDescriptor;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number';
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const isStringRecord = (value: unknown) => isRecord(value) && Object.values(value).every(isString);
/** every value absent or passing the guard */
const optional = (guard: (value: unknown) => boolean, ...values: unknown[]) =>
  values.every((value) => value === undefined || guard(value));

function isAncestor(value: unknown): value is AncestorSignature {
  return (
    isRecord(value) &&
    isString(value.tag) &&
    optional(isString, value.id, value.role, value.label) &&
    optional(isStrings, value.classes)
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
  if (!isRecord(stored) || stored.version !== 1 || !isRecord(stored.fingerprint)) return false;
  const { tag, attributes, css, xpath, fingerprint: fp } = stored;
  return (
    [tag, css, xpath].every(isString) &&
    isStringRecord(attributes) &&
    isNumber(fp.index) &&
    isNumber(fp.siblings) &&
    Array.isArray(fp.ancestors) &&
    fp.ancestors.every(isAncestor) &&
    // the optional fields, some added after the first descriptors were stored: of their type when present
    optional(
      isString,
      stored.tour,
      stored.role,
      stored.name,
      stored.text,
      fp.context,
      stored.near,
      stored.landmark,
      stored.decoy,
      stored.restyledDecoy,
    ) &&
    optional(isStrings, stored.classes, fp.outer, stored.icons) &&
    optional(isStringRecord, stored.extra) &&
    optional((rank) => isRecord(rank) && isNumber(rank.index) && isNumber(rank.count), stored.rank) &&
    optional(isNumber, stored.copies, stored.twins, stored.namesakes, stored.alike)
  );
}

/** A descriptor as the API's step body takes it (a JSON object): the same object, typed as the contract's. */
export const storedTarget = (target: StepTarget | null) => target as { [key: string]: unknown } | null;
