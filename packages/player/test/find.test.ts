import { afterEach, describe, expect, test } from 'vitest';
import { pickTarget } from '../src/capture';
import { capture, find, type TargetDescriptor, UI_ATTRIBUTE } from '../src/index';

const roundTrip = (d: TargetDescriptor): TargetDescriptor => JSON.parse(JSON.stringify(d));

function mount(html: string): HTMLElement {
  document.body.innerHTML = `<div id="app">${html}</div>`;
  return document.getElementById('app') as HTMLElement;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('capture', () => {
  test('keeps every independent strategy and survives JSON', () => {
    mount(`<form aria-label="Checkout"><h2>Payment</h2>
      <label for="card">Card number</label>
      <input id="card" name="cardNumber" placeholder="1234 5678" data-testid="card-input" class="Input_root__k3L2z">
      <button type="submit" class="Button_primary__3xYz css-1a2b3c btn">Pay now</button></form>`);
    const input = capture(document.getElementById('card') as Element);
    expect(roundTrip(input)).toEqual(input);
    expect(input.attributes).toMatchObject({
      id: 'card',
      name: 'cardNumber',
      placeholder: '1234 5678',
      'data-testid': 'card-input',
    });
    expect(input.role).toBe('textbox');
    expect(input.name).toBe('Card number');
    expect(input.css).toContain('#card');
    expect(input.fingerprint.ancestors[0]).toMatchObject({ tag: 'form', label: 'Checkout' });
    expect(input.fingerprint.context).toBe('Payment');

    const button = capture(document.querySelector('button') as Element);
    expect(button).toMatchObject({ tag: 'button', role: 'button', name: 'Pay now', text: 'Pay now' });
    expect(button.classes).toEqual(['btn']);
  });

  test('ignores generated ids and hashed class names', () => {
    mount('<button id=":r5:" class="Button_primary__3xYz css-1a2b3c sc-bdVaJa">Save</button>');
    const d = capture(document.querySelector('button') as Element);
    expect(d.attributes.id).toBeUndefined();
    expect(d.classes).toBeUndefined();
    expect(d.css).not.toContain(':r5:');
  });

  test('keeps the glyph an icon font draws, not the empty one of an icon drawn by a mask', () => {
    mount(
      '<style>.fa-check::before{content:"\\2713"}.mask::before{content:"";mask:url(check.svg)}</style><button><i class="fa-check"></i></button><button><i class="mask"></i></button>',
    );
    const [font, mask] = document.querySelectorAll('button');
    expect(capture(font as Element).icons).toEqual(['fa-check', '"✓"']);
    expect(capture(mask as Element).icons).toEqual(['mask']);
  });

  test('data-tour wins over every other strategy', () => {
    mount('<button data-tour="publish" id="publish">Publish</button>');
    const d = roundTrip(capture(document.querySelector('button') as Element));
    expect(d.tour).toBe('publish');
    // the whole page was rebuilt: nothing but the data-tour attribute is left
    mount(
      '<section><a data-tour="publish" href="#go">Go live</a><button id="publish">Publish</button></section>',
    );
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(document.querySelector('a'));
    expect(result.confidence).toBe(1);
  });
});

describe('pickTarget', () => {
  test('the control around the icon or text under the pointer, else the element itself', () => {
    mount(`<button><svg width="10" height="10"><path d="M0 0h10v10z"></path></svg><span>Save</span></button>
      <a href="/docs"><b>Docs</b></a><p><em>plain text</em></p>`);
    expect(pickTarget(document.querySelector('path') as Element)).toBe(document.querySelector('button'));
    expect(pickTarget(document.querySelector('b') as Element)).toBe(document.querySelector('a'));
    const em = document.querySelector('em') as Element;
    expect(pickTarget(em)).toBe(em);
  });
});

describe('find', () => {
  test('finds the same element on an unchanged page with full confidence', () => {
    mount('<nav><a href="/a">Alpha</a><a href="/b">Beta</a></nav>');
    const beta = document.querySelectorAll('a')[1] as Element;
    const result = find(roundTrip(capture(beta)));
    expect(result).toMatchObject({ status: 'found', element: beta });
    expect(result.confidence).toBeGreaterThan(0.95);
  });

  test('searches open shadow roots, nested ones included', () => {
    mount('<p>Before</p><button>Subscribe</button>');
    const d = roundTrip(capture(document.querySelector('button') as Element));
    const app = mount('<x-outer></x-outer>');
    const outer = (app.firstElementChild as Element).attachShadow({ mode: 'open' });
    outer.innerHTML = '<div><x-inner></x-inner></div>';
    const inner = (outer.querySelector('x-inner') as Element).attachShadow({ mode: 'open' });
    inner.innerHTML = '<p>Before</p><button>Subscribe</button>';
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(inner.querySelector('button'));
  });

  test('searches same-origin iframes', () => {
    mount('<h2>Billing</h2><button>Download invoice</button>');
    const d = roundTrip(capture(document.querySelector('button') as Element));
    const app = mount('<iframe title="billing"></iframe>');
    const frameDoc = (app.querySelector('iframe') as HTMLIFrameElement).contentDocument as Document;
    frameDoc.body.innerHTML = '<h2>Billing</h2><button>Download invoice</button>';
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(frameDoc.querySelector('button'));
    expect(result.element?.ownerDocument).toBe(frameDoc);
  });

  test('finds content of an open modal dialog and of a popover (top layer)', () => {
    mount('<button>Confirm order</button><a href="/terms">Terms</a>');
    const confirm = roundTrip(capture(document.querySelector('button') as Element));
    const terms = roundTrip(capture(document.querySelector('a') as Element));
    mount(`<main><button>Cancel</button></main>
      <dialog><p>Sure?</p><button>Confirm order</button></dialog>
      <div popover="manual"><a href="/terms">Terms</a></div>`);
    (document.querySelector('dialog') as HTMLDialogElement).showModal();
    (document.querySelector('[popover]') as HTMLElement).showPopover();
    expect(find(confirm).element).toBe(document.querySelector('dialog button'));
    expect(find(terms).element).toBe(document.querySelector('[popover] a'));
  });

  test('reports identical candidates as ambiguous instead of picking one', () => {
    mount('<ul><li><button>Remove</button></li></ul>');
    const d = roundTrip(capture(document.querySelector('button') as Element));
    mount('<section><div><button>Remove</button></div><div><button>Remove</button></div></section>');
    const result = find(d);
    expect(result.status).toBe('ambiguous');
    expect(result.element).toBeNull();
    expect(result.candidates.map((c) => c.element)).toEqual(
      expect.arrayContaining(Array.from(document.querySelectorAll('button'))),
    );
  });

  test('reports a removed target as not found', () => {
    mount(
      '<header><a href="/">Home</a></header><form><label>Email <input name="email"></label><button>Join</button></form>',
    );
    const d = roundTrip(capture(document.querySelector('button') as Element));
    (document.querySelector('button') as Element).remove();
    const result = find(d);
    expect(result.element).toBeNull();
    expect(['not-found', 'low-confidence']).toContain(result.status);
    expect(result.confidence).toBeLessThan(0.45);
  });

  test('a hidden copy (closed menu, template) does not compete with the visible target', () => {
    mount('<button>Export</button>');
    const d = roundTrip(capture(document.querySelector('button') as Element));
    mount('<div hidden><button>Export</button></div><div><button>Export</button></div>');
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(document.querySelectorAll('button')[1]);
  });

  test("never matches the player's own overlay or the extension's panel", () => {
    mount('<button>Next</button>');
    const d = roundTrip(capture(document.querySelector('button') as Element));
    const app = mount('<div></div>');
    const host = app.firstElementChild as Element;
    host.setAttribute(UI_ATTRIBUTE, 'panel');
    host.attachShadow({ mode: 'open' }).innerHTML = '<button>Next</button>';
    expect(find(d).element).toBeNull();
  });

  test('searches only under the given root', () => {
    mount('<section id="a"><button>Save</button></section><section id="b"><button>Save</button></section>');
    const d = roundTrip(capture(document.querySelector('#b button') as Element));
    const result = find(d, document.getElementById('a') as Element);
    expect(result.element).toBe(document.querySelector('#a button'));
  });
});
