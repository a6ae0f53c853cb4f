import { UI_ATTRIBUTE } from '@mulot/player';
import { button, field as fieldRecipe, input, textarea } from '@mulot/ui/styled-system/recipes';
import { h } from './dom';
import pandaCss from './generated/panda.css?inline';
import type { Translate } from './intl';
import { styles } from './styles';

/** The Panda CSS of the ui package, for the extension's shadow roots (the page's styles cannot reach them). */
export const PANEL_CSS = pandaCss;

export const buttons = {
  primary: button({ variant: 'solid', size: 'sm' }),
  secondary: button({ variant: 'outline', size: 'sm' }),
  plain: button({ variant: 'plain', size: 'xs' }),
};

export interface Panel {
  host: HTMLElement;
  /** the view's container */
  body: HTMLElement;
  /** polite announcements (success texts), kept until the next view so that nothing moves under the pointer */
  status(text: string): void;
  /** empties the status and alert lines (a new view) */
  clearMessages(): void;
  /** errors, announced assertively */
  alert(text: string): void;
  /** hides the panel, e.g. while the visible tab is captured */
  setHidden(hidden: boolean): void;
  /** lets the pointer through to the page under the panel (element capture) */
  setPassThrough(on: boolean): void;
  destroy(): void;
}

/**
 * An in-page panel in an open shadow root, marked so the player never captures nor finds its elements.
 * Styled only by the ui package's Panda CSS; fixed at the top right, above the page.
 */
export function createPanel(title: string, t: Translate, onClose: () => void): Panel {
  const host = document.createElement('mulot-panel');
  host.setAttribute(UI_ATTRIBUTE, 'panel');
  host.style.cssText =
    'all:initial;position:fixed;top:16px;right:16px;width:min(380px,calc(100vw - 32px));max-height:calc(100vh - 32px);' +
    'display:flex;z-index:2147483646;transition:opacity .15s;';
  // the panel may sit on what the author wants to reach: it moves to the other side of the page
  let side: 'left' | 'right' = 'right';
  const move = () => {
    side = side === 'right' ? 'left' : 'right';
    host.style.left = side === 'left' ? '16px' : '';
    host.style.right = side === 'right' ? '16px' : '';
    moveButton.textContent = side === 'right' ? '⇤' : '⇥';
  };
  const moveButton = h(
    'button',
    {
      type: 'button',
      class: buttons.plain,
      'aria-label': t('panel.move'),
      title: t('panel.move'),
      onclick: move,
    },
    '⇤',
  );
  const shadow = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = PANEL_CSS;
  const status = h('div', { role: 'status', class: styles.status });
  const alert = h('div', { role: 'alert', class: styles.alert });
  const body = h('div', { class: styles.form });
  const root = h(
    'section',
    { class: styles.panel, 'aria-label': title },
    h(
      'div',
      { class: styles.header },
      h('span', { class: styles.brand }, title),
      h(
        'span',
        { class: styles.row },
        moveButton,
        h('button', { type: 'button', class: buttons.plain, onclick: onClose }, t('common.close')),
      ),
    ),
    alert,
    status,
    body,
  );
  shadow.append(style, root);
  document.documentElement.append(host);
  return {
    host,
    body,
    status(text) {
      alert.textContent = '';
      status.textContent = text;
    },
    clearMessages() {
      status.textContent = '';
      alert.textContent = '';
    },
    alert(text) {
      status.textContent = '';
      alert.textContent = text;
    },
    setHidden(hidden) {
      host.style.visibility = hidden ? 'hidden' : '';
    },
    setPassThrough(on) {
      host.style.pointerEvents = on ? 'none' : '';
      host.style.opacity = on ? '0.55' : '';
    },
    destroy() {
      host.remove();
    },
  };
}

/** A labelled form field with its error line (aria-describedby), validated by the caller on blur and change. */
export function field(
  id: string,
  label: string,
  control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
): { wrap: HTMLElement; setError(message: string | null): void } {
  const parts = fieldRecipe();
  control.id = id;
  const look = control.localName === 'textarea' ? textarea() : input({ size: 'sm' });
  control.classList.add(...look.split(' '));
  // the error line keeps its height, so that an error clearing on blur never moves the button being clicked
  const error = h('p', { id: `${id}-error`, class: `${parts.errorText} ${styles.error}` });
  control.setAttribute('aria-describedby', error.id);
  const wrap = h(
    'div',
    { class: parts.root },
    h('label', { for: id, class: parts.label }, label),
    control,
    error,
  );
  return {
    wrap,
    setError(message) {
      error.textContent = message ?? '';
      for (const name of ['aria-invalid', 'data-invalid']) {
        if (message) control.setAttribute(name, 'true');
        else control.removeAttribute(name);
      }
    },
  };
}
