import { accessibleName, MIN_SIMILARITY, roleOf, similarityTo, visibleText } from './dom';
import {
  ancestorSignature,
  ancestorsOf,
  contextsOf,
  cssPath,
  extraAttributes,
  iconsOf,
  landmarkOf,
  nearText,
  optional,
  ownSignature,
  peerWords,
  placeAmong,
  placedSignature,
  rankOf,
  sameTagPosition,
  stableClasses,
  stableId,
  twinsOf,
} from './features';
import { find } from './find';
import { STABLE_ATTRIBUTES, type TargetDescriptor } from './target';

const PICKABLE =
  'a[href],button,input,select,textarea,summary,label,[role=button],[role=link],[role=menuitem],[role=tab],' +
  '[role=checkbox],[role=radio],[role=switch],[role=option],[role=treeitem],[role=combobox],[tabindex]:not([tabindex="-1"])';

/**
 * The element a user means when pointing at `el`: the control around an icon or a span of text (the
 * `<svg>` inside a button, the `<span>` inside a link), or `el` itself when it is not inside one.
 */
export function pickTarget(el: Element): Element {
  return el.closest(PICKABLE) ?? el;
}

/** Describes element so that find() can locate it again after the page changed. */
export function capture(el: Element): TargetDescriptor {
  const attributes: TargetDescriptor['attributes'] = {};
  for (const name of STABLE_ATTRIBUTES) {
    // the value of a text field is what the user typed; the value of a checkbox, radio or button names it
    if (name === 'value' && !/^(checkbox|radio|submit|button|reset)$/.test(el.getAttribute('type') ?? ''))
      continue;
    const value = name === 'id' ? stableId(el) : el.getAttribute(name);
    if (value && value.length <= 200) attributes[name] = value;
  }
  const { index, count } = sameTagPosition(el);
  const descriptor: TargetDescriptor = {
    version: 1,
    tag: el.localName,
    attributes,
    css: cssPath(el),
    fingerprint: {
      index,
      siblings: count,
      ancestors: ancestorsOf(el).map(ancestorSignature),
    },
  };
  const [context, ...outer] = contextsOf(el);
  // the optional fields, left out when empty, in the order earlier versions wrote them
  optional(descriptor.fingerprint, { context, outer });
  optional(descriptor, {
    tour: el.getAttribute('data-tour'),
    role: roleOf(el),
    name: accessibleName(el),
    text: visibleText(el).slice(0, 100),
    classes: stableClasses(el),
    extra: extraAttributes(el),
    icons: iconsOf(el),
    near: nearText(el),
    peers: peerWords(el),
    landmark: landmarkOf(el),
    rank: rankOf(el),
  });
  // the target's own features may not tell it apart: then only its surroundings will, at find time
  const own = ownSignature(el);
  const root = el.getRootNode() as Document | ShadowRoot;
  const copies: Element[] = [];
  let namesakes = 0;
  let alike = 0;
  const like = similarityTo(descriptor.name ?? '');
  for (const other of root.querySelectorAll(el.localName)) {
    if (other === el) continue;
    const name = accessibleName(other);
    if (name === descriptor.name) namesakes++;
    if (like(name) >= MIN_SIMILARITY) alike++;
    if (ownSignature(other) === own) copies.push(other);
  }
  descriptor.copies = copies.length;
  descriptor.twins = twinsOf(el);
  descriptor.namesakes = namesakes;
  if (descriptor.name) descriptor.alike = alike;
  optional(descriptor, { place: placeAmong(el, copies) });
  // asked with the target left out of the candidates rather than taken out of the author's page: the same answer
  // on the bench's pages, and the page's own scripts see nothing. An exact copy of the target is no decoy: the
  // target would be refused too. Both are asked before either is stored: a stored decoy would be refused by the
  // other question
  const decoy = find(descriptor, root, { skip: el }).element;
  const restyled = find(descriptor, root, { skip: el, restyled: true }).element;
  if (decoy && ownSignature(decoy) !== own) descriptor.decoy = ownSignature(decoy);
  if (restyled && placedSignature(restyled) !== placedSignature(el))
    descriptor.restyledDecoy = placedSignature(restyled);
  return descriptor;
}
