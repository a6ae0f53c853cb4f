// The shape of a bench target (issue 41), by the bench's own heuristics: which kind of copies it stands among.

/**
 * The shapes of target whose copies only their place tells apart (issue 41), read on the page as loaded, by the
 * bench alone (its own heuristics, classes included): a row's action, a control of a group (checkbox, radio, button
 * group, form group), a card's tool, a menu's entry.
 */
export const SHAPES = ['rows', 'groups', 'card tools', 'menus', 'other'] as const;
export type Shape = (typeof SHAPES)[number];

const CARD_TOOLS =
  '[class*=card-header],[class*=card-tools],[class*=card-options],[class*=x_title],[class*=toolbox],' +
  '[class*=panel-heading],[class*=card-action]';
const MENUS =
  'nav,aside,[role=navigation],[role=menu],[role=menubar],[class*=sidebar],[class*=menu],[class*=nav]';

export function shapeOf(el: Element): Shape {
  if (el.closest('tr')) return 'rows';
  if (
    el.matches('input[type=checkbox],input[type=radio]') ||
    el.closest(
      'fieldset,[role=group],[role=radiogroup],[class*=btn-group],[class*=form-check],[class*=custom-control],[class*=selectgroup]',
    )
  )
    return 'groups';
  if (el.closest(CARD_TOOLS)) return 'card tools';
  if (el.closest(MENUS) && el.closest('li,[role=menuitem]')) return 'menus';
  return 'other';
}
