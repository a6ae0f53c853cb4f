// The descriptor of a step's target: what capture() writes, the API stores as given and find() reads.

/** Attributes that people write on purpose and that survive redesigns; the order is the order of trust. */
export const STABLE_ATTRIBUTES = [
  'id',
  'data-testid',
  'data-test',
  'data-cy',
  'name',
  'aria-label',
  'placeholder',
  'href',
  'title',
  'alt',
  'for',
  'type',
  'value',
] as const;
export type StableAttribute = (typeof STABLE_ATTRIBUTES)[number];

/** A short signature of an ancestor: enough to recognise the same container after wrappers were added. */
export interface AncestorSignature {
  tag: string;
  id?: string;
  classes?: string[];
  role?: string;
  label?: string;
}

/**
 * Where a target stands among its exact copies: the labels of the containers that tell it from them, from the
 * outermost down to its own container (a card's title, the parent menu entry, a group's legend, a row's key cell),
 * and its position among the copies under the same labels.
 */
export interface Place {
  path: string[];
  index: number;
  count: number;
  /**
   * words of its item (the largest container holding it and none of its copies: its alert, its card, its row) that
   * none of its copies' items hold: a re-order or a wrapper moves them with it
   */
  words?: string[];
}

/** Serializable description of a step's target: several independent strategies that vote at find time. */
export interface TargetDescriptor {
  version: 1;
  tag: string;
  /** value of data-tour: set by the site's developers for guides, it wins over everything else */
  tour?: string;
  attributes: Partial<Record<StableAttribute, string>>;
  role?: string;
  name?: string;
  text?: string;
  classes?: string[];
  css: string;
  fingerprint: {
    index: number;
    siblings: number;
    ancestors: AncestorSignature[];
    /** heading or label of the nearest titled container (card, form, section) */
    context?: string;
    /** titles of the containers further out, closest first */
    outer?: string[];
    /** the signatures of its sibling elements, written by earlier versions only: a look-alike added beside the
     * target takes them over, so find() no longer reads them */
    previous?: string;
    next?: string;
  };
  // Optional fields below were added after the first descriptors were stored: find() works without them.
  /** every data-* attribute and a few others written on purpose (rel, target, autocomplete, aria-haspopup) */
  extra?: Record<string, string>;
  /** icon classes (or sprite and image references) of the icons inside the control */
  icons?: string[];
  /** the text just before the element in its container: a field's visual label, a row's title */
  near?: string;
  /** the words of the other items of the list it is an item of (a menu's other entries) */
  peers?: string[];
  /** the nearest landmark or form around the element, as `role:label` */
  landmark?: string;
  /** position among the elements of the same tag in the nearest container holding several */
  rank?: { index: number; count: number };
  /** how many other elements of the capture page looked exactly like the target (same own features) */
  copies?: number;
  /** how many of those were its siblings */
  twins?: number;
  /**
   * how many other elements of its tag bore the target's accessible name (the same link in the header and the
   * footer): when the target goes, one of them must not be taken for it
   */
  namesakes?: number;
  /** how many other elements of its tag bore a name like the target's (a reworded name would still be taken for it) */
  alike?: number;
  /** where the target stood among its exact copies, when it had any */
  place?: Place;
  /**
   * the own signature of the element the finder takes for the target when the target is not there (a neighbour, the
   * same control of the next row): where the target went, that element is the one that would take its place
   */
  decoy?: string;
  /**
   * the same on the page restyled (every class renamed): another element may take the target's place there, and a
   * restyle renames what told it apart, so it is known by where it stands instead (its own signature with its
   * nearby text and section title in place of its classes and icons)
   */
  restyledDecoy?: string;
}

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
  // descriptors stored before 2026-12 also carry an `xpath` (a positional path, empty since 2026-11): not read
  const { tag, attributes, css, fingerprint: fp } = stored;
  return (
    [tag, css].every(isString) &&
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
    optional(isStrings, stored.classes, fp.outer, stored.icons, stored.peers) &&
    optional(isStringRecord, stored.extra) &&
    optional((rank) => isRecord(rank) && isNumber(rank.index) && isNumber(rank.count), stored.rank) &&
    optional(
      (place) =>
        isRecord(place) &&
        isStrings(place.path) &&
        isNumber(place.index) &&
        isNumber(place.count) &&
        optional(isStrings, place.words),
      stored.place,
    ) &&
    optional(isNumber, stored.copies, stored.twins, stored.namesakes, stored.alike)
  );
}

/** A descriptor as the API's step body takes it (a JSON object): the same object, typed as the contract's. */
export const storedTarget = (target: StepTarget | null) => target as { [key: string]: unknown } | null;
