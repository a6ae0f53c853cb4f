// The finder's headline behaviour after a redeploy, fast enough for every test run (the bench measures rates).
import { afterEach, describe, expect, test } from 'vitest';
import { capture, DEGRADED_CONFIDENCE, find, MIN_CONFIDENCE, type TargetDescriptor } from '../src/index';

const roundTrip = (d: TargetDescriptor): TargetDescriptor => JSON.parse(JSON.stringify(d));

function mount(html: string) {
  document.body.innerHTML = html;
}

afterEach(() => {
  document.body.replaceChildren();
});

const toolbar = (order: string[], cls: (name: string) => string = (c) => c) =>
  `<div class="${cls('card')}"><h3>Messages</h3><div class="${cls('toolbar')}">${order
    .map(
      (action) =>
        `<button type="button" class="${cls('btn')} ${cls('btn-icon')}" data-action="${action}"><i class="${cls('fa')} ${cls(`fa-${action}`)}"></i></button>`,
    )
    .join('')}</div></div>`;

const sidebar = (items: string[]) =>
  `<nav class="sidebar"><ul class="nav">${items
    .map(
      (item) =>
        `<li class="nav-item"><a class="nav-link" href="/${item.toLowerCase()}"><i class="fa fa-${item.toLowerCase()}"></i> ${item}</a></li>`,
    )
    .join('')}</ul></nav><main><h1>Dashboard</h1><a class="btn" href="/export">Export</a></main>`;

// a demo page repeating one row of buttons per style (the first row's order may change): the second row's buttons
// have one more class
const STYLES = ['Primary', 'Secondary', 'Info', 'Warning'];
const buttonRows = (
  options: { without?: string; restyle?: (c: string) => string; order?: string[]; above?: string } = {},
) => {
  const { without, restyle = (c: string) => c, order = STYLES } = options;
  return `${options.above ?? ''}<div class="${restyle('card')}"><h5>Basic Buttons</h5>${['Default', 'Rounded']
    .map(
      (style) =>
        `<small>${style}</small><div class="${restyle('demo-inline-spacing')}">${(style === 'Default'
          ? order
          : STYLES
        )
          .filter((name) => `${style} ${name}` !== without)
          .map(
            (name) =>
              `<button type="button" class="${['btn', ...(style === 'Rounded' ? ['rounded-pill'] : []), `btn-${name.toLowerCase()}`].map(restyle).join(' ')}">${name}</button>`,
          )
          .join('')}</div>`,
    )
    .join('')}</div>`;
};

describe('after a redeploy', () => {
  test('an icon-only control told apart by a data-* attribute is found again, classes renamed and order changed', () => {
    mount(toolbar(['archive', 'delete', 'star']));
    const d = roundTrip(capture(document.querySelector('[data-action=delete]') as Element));
    mount(toolbar(['star', 'archive', 'delete', 'reply'], (c) => `x${c.length}${c.at(-1)}`));
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(document.querySelector('[data-action=delete]'));
  });

  test('an icon-only control told apart by its icon class alone is found again after a re-order', () => {
    mount(toolbar(['archive', 'delete', 'star']).replace(/ data-action="\w+"/g, ''));
    const d = roundTrip(capture(document.querySelector('.fa-delete')?.parentElement as Element));
    mount(toolbar(['star', 'delete', 'archive']).replace(/ data-action="\w+"/g, ''));
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(document.querySelector('.fa-delete')?.parentElement);
  });

  test('an icon-only control is found though a look-alike with another icon took its place in the row', () => {
    // the same component several times, the colours telling them apart, and its icon on other buttons of the page:
    // the icon is a small part of what the target is
    const split = `<div class="card"><h6>Split Buttons</h6>${[
      'Save',
      'Apply',
      'Done',
      'Send',
      'Approve',
      'Confirm',
    ]
      .map(
        (label) =>
          `<a href="#" class="btn btn-success btn-icon-split"><i class="fas fa-check"></i> ${label}</a>`,
      )
      .join('')}</div>`;
    const circles = (icons: [string, string][]) =>
      `<div class="card"><h6>Circle Buttons</h6><div class="card-body">${icons
        .map(
          ([colour, icon]) =>
            `<a href="#" class="btn btn-${colour} btn-circle btn-sm shadow-sm"><i class="fas fa-${icon}"></i></a> `,
        )
        .join('')}</div></div>${split}`;
    mount(
      circles([
        ['info', 'info-circle'],
        ['success', 'check'],
        ['warning', 'exclamation'],
        ['danger', 'trash'],
      ]),
    );
    const d = roundTrip(capture(document.querySelector('.fa-check')?.parentElement as Element));
    mount(
      circles([
        ['info', 'info-circle'],
        ['success', 'flag'],
        ['success', 'check'],
        ['warning', 'exclamation'],
        ['danger', 'trash'],
      ]),
    );
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(document.querySelector('.fa-check')?.parentElement);
  });

  test('an icon-only control is found by the glyph its icon font draws, after every class was renamed', () => {
    const glyphs: Record<string, string> = {
      archive: '\\2750',
      delete: '\\2716',
      star: '\\2605',
      reply: '\\21A9',
    };
    const page = (order: string[], cls: (c: string) => string = (c) => c) =>
      `<style>${Object.entries(glyphs)
        .map(([action, glyph]) => `.${cls(`fa-${action}`)}::before{content:"${glyph}"}`)
        .join('')}</style>${toolbar(order, cls).replace(/ data-action="\w+"/g, '')}`;
    mount(page(['archive', 'delete', 'star']));
    const d = roundTrip(capture(document.querySelector('.fa-delete')?.parentElement as Element));
    // a restyle: every class renamed in the markup and the stylesheet alike, the glyphs unchanged
    const restyle = (c: string) => `r-${[...c].reverse().join('')}`;
    mount(page(['star', 'archive', 'delete', 'reply'], restyle));
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(document.querySelector(`.${restyle('fa-delete')}`)?.parentElement);
  });

  test('a removed target is not claimed, and its neighbours are not offered as candidates', () => {
    mount(sidebar(['Dashboard', 'Reports', 'Billing', 'Team']));
    const d = roundTrip(capture(document.querySelector('a[href="/billing"]') as Element));
    mount(sidebar(['Dashboard', 'Reports', 'Team']));
    const result = find(d);
    expect(result.element).toBeNull();
    expect(result.status).not.toBe('found');
    // guide health records "no candidate" (confidence null) rather than a neighbour's score
    expect(result.candidates).toEqual([]);
  });

  test('a target the site duplicated side by side is reported ambiguous, not guessed', () => {
    mount(
      '<form><h2>Profile</h2><input name="nickname"><button class="btn" type="submit">Save</button></form>',
    );
    const d = roundTrip(capture(document.querySelector('button') as Element));
    mount(
      '<form><h2>Profile</h2><input name="nickname"><button class="btn" type="submit">Save</button><button class="btn" type="submit">Save</button></form>',
    );
    const result = find(d);
    expect(result.status).toBe('ambiguous');
    expect(result.element).toBeNull();
  });

  test('a link whose address is unique on the page is found with its words re-cased and every class renamed', () => {
    mount(sidebar(['Dashboard', 'Reports', 'Billing', 'Team']));
    const d = roundTrip(capture(document.querySelector('a[href="/reports"]') as Element));
    mount(
      sidebar(['Team', 'Billing', 'REPORTS', 'Dashboard', 'Audit']).replace(
        /class="([^"]*)"/g,
        (_m, c: string) => `class="${c.replace(/[\w-]+/g, (n) => `z${[...n].reverse().join('')}`)}"`,
      ),
    );
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element?.getAttribute('href')).toBe('/reports');
  });

  test('a removed target is not claimed as the look-alike that differs from it by one distinctive word', () => {
    const social = (names: string[]) =>
      `<form class="user"><input class="form-control" type="email" placeholder="Email"><hr>${names
        .map(
          (n) =>
            `<a href="index.html" class="btn btn-${n.toLowerCase()} btn-user btn-block"><i class="fab fa-${n.toLowerCase()} fa-fw"></i> Login with ${n}</a>`,
        )
        .join('')}</form>`;
    mount(social(['Google', 'Facebook']));
    const google = roundTrip(capture(document.querySelector('.btn-google') as Element));
    const facebook = roundTrip(capture(document.querySelector('.btn-facebook') as Element));
    mount(social(['Facebook']));
    expect(find(google).element).toBeNull();
    mount(social(['Google']));
    expect(find(facebook).element).toBeNull();
    // still there, reworded: found
    mount(social(['Google', 'Facebook']).replace('Login with Google', 'Sign in with Google'));
    expect(find(google).element).toBe(document.querySelector('.btn-google'));
  });

  test('a removed link is not claimed as the link of the same name elsewhere on the page (header and footer)', () => {
    const page = (header: boolean) =>
      `<header><nav><ul class="navbar-nav">${['Home', 'Pricing', ...(header ? ['Contact'] : [])]
        .map((n) => `<li class="nav-item"><a class="nav-link" href="/${n.toLowerCase()}">${n}</a></li>`)
        .join('')}</ul></nav></header><main><h1>Plans</h1><p>Pick one.</p></main>
      <footer><p class="small">Questions? <a class="fw-bold" href="/contact">Contact</a></p>
      <a class="small" href="/privacy">Privacy</a></footer>`;
    mount(page(true));
    const contact = roundTrip(capture(document.querySelector('header a[href="/contact"]') as Element));
    expect(contact.namesakes).toBe(1);
    expect(find(contact).element).toBe(document.querySelector('header a[href="/contact"]'));
    mount(page(false));
    expect(find(contact).element).toBeNull();
  });

  test('a link reworded on a restyled page is found where it stood, and not claimed as the link of its name once moved', () => {
    // the same address twice in a footer: "made by Creative Tim" and one of its links
    const footer = (links: string[], cls: (name: string) => string = (c) => c) =>
      `<main><h1>Icons</h1></main><footer class="${cls('footer')}"><div class="${cls('copyright')}">Made by
      <a href="https://example.com" class="${cls('font-weight-bold')}">Creative Tim</a></div><ul class="${cls('nav')}">${links
        .map(
          (n) =>
            `<li class="${cls('nav-item')}"><a href="${/Tim/.test(n) ? 'https://example.com' : `/${n}`}" class="${cls('nav-link')}">${n}</a></li>`,
        )
        .join('')}</ul></footer>`;
    mount(footer(['Creative Tim', 'About Us', 'Blog']));
    const d = roundTrip(capture(document.querySelector('.nav-link') as Element));
    expect([d.copies, d.namesakes]).toEqual([0, 1]);
    // every class renamed, the link reworded and moved: the other one now keeps every feature the target had, and is
    // the only one to, but the target had it as a namesake
    mount(footer(['Blog', 'About Us', 'Creative your Tim'], (c) => `x${c}`));
    expect(find(d).element).not.toBe(document.querySelector('footer div a'));
    // with its classes kept, the namesake is told apart by them: the reworded link is found
    mount(footer(['Blog', 'About Us', 'Creative your Tim']));
    expect(find(d).element).toBe(document.querySelector('footer li:last-child a'));
    // reworded where it stood, every class renamed: the namesake had its words at capture, so they do not tell the
    // two apart; where each stands does
    mount(footer(['Creative your Tim', 'About Us', 'Blog'], (c) => `x${c}`));
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(document.querySelector('footer li a'));
  });

  test("a link is told from the link of its name outside its list by its list's other entries, once every class was renamed", () => {
    // the docs link of a page's menu, and the same link again in its footer's text
    const page = (entries: string[], cls: (name: string) => string = (c) => c) =>
      `<div class="${cls('layout')}"><ul class="${cls('menu')}">${entries
        .map(
          (entry) =>
            `<li class="${cls('item')}"><a class="${cls('link')}" href="/${entry.split(' ')[0]?.toLowerCase()}">${entry}</a></li>`,
        )
        .join('')}</ul><div class="${cls('footer')}"><span class="${cls('note')}">Questions?</span>
        <a class="${cls('muted')}" href="/docs">Docs</a></div></div>`;
    mount(page(['Home', 'Docs', 'Pricing', 'Blog']));
    const d = roundTrip(capture(document.querySelector('li:nth-child(2) a') as Element));
    expect(d.peers).toEqual(['home', 'pricing', 'blog']);
    // a restyle renamed every class, the menu was re-ordered and reworded, a look-alike put beside the target
    mount(page(['Blog', 'Changelog', 'Docs here', 'Home', 'Pricing'], (c) => `z${c}`));
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element?.textContent).toBe('Docs here');
    // the menu's entry removed: the footer's link is not taken for it
    mount(page(['Blog', 'Home', 'Pricing'], (c) => `z${c}`));
    expect(find(d).element).toBeNull();
  });

  test('a control that had a copy is found, not the look-alike put in its place that leads by its place alone', () => {
    const search = (icons: string[], kind = 'search') =>
      `<form class="${kind}"><input class="form-control" placeholder="Search for..."><div class="append">${icons
        .map(
          (icon) => `<button class="btn btn-primary" type="button"><i class="fas fa-${icon}"></i></button>`,
        )
        .join('')}</div></form>`;
    const page = (icons: string[]) =>
      `<nav class="topbar"><a class="brand" href="/">Acme admin</a>${search(icons)}<ul class="menu">` +
      `<li class="dropdown"><a class="toggle" href="#">Menu</a><div class="dropdown-menu" aria-label="Mobile search">${search(['search'], 'w-100 inline')}</div></li>` +
      `<li class="dropdown"><a class="toggle" href="#">Alerts</a></li></ul></nav>`;
    mount(page(['search']));
    const target = roundTrip(capture(document.querySelector('.topbar > form button') as Element));
    expect(target.copies).toBe(1);
    // another control of the search bar, put where the target stood
    mount(page(['bell', 'search']));
    expect(find(target).element).toBe(document.querySelector('.topbar > form .fa-search')?.parentElement);
  });

  test('a field the site copied keeps its own id: that one is the target', () => {
    mount('<form><label for="email">Email</label><input id="email" name="email" type="email"></form>');
    const d = roundTrip(capture(document.getElementById('email') as Element));
    mount(
      '<form><label for="email-2">Email</label><input id="email-2" name="email" type="email"><label for="email">Email</label><input id="email" name="email" type="email"></form>',
    );
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(document.getElementById('email'));
  });

  test('a copied icon-only toggle is told from the original by the menu naming it, after ids were regenerated', () => {
    const topbar = (toggles: string[], menu: string, content = 'content') =>
      `<div id="${content}"><nav class="navbar"><ul class="navbar-nav"><li class="nav-item dropdown">${toggles
        .map(
          (id) =>
            `<a class="nav-link dropdown-toggle" href="#" id="${id}" role="button" data-toggle="dropdown"><i class="fas fa-bell"></i><span class="badge">3+</span></a>`,
        )
        .join(
          '',
        )}<div class="dropdown-menu" aria-labelledby="${menu}"><a class="dropdown-item" href="#">Alerts</a></div></li></ul></nav></div>`;
    mount(topbar(['alertsDropdown'], 'alertsDropdown'));
    const d = roundTrip(capture(document.getElementById('alertsDropdown') as Element));
    // the copy inserted after the original: their positions tell them apart no better than before
    mount(topbar([':r3:', ':r7:'], ':r3:', ':r1:'));
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(document.getElementById(':r3:'));
    // nothing names either copy: they stay indistinguishable
    mount(topbar([':r3:', ':r7:'], ':r9:', ':r1:'));
    expect(find(d).element).toBeNull();
  });

  test('a field that alone keeps every feature it had is found, though a look-alike added before it took its place', () => {
    const form = (fields: string[]) =>
      `<form class="search"><div class="field"><span id="from-label">From</span><input aria-labelledby="from-label" class="input" data-field="from"></div><div class="field"><span id="to-label">To</span>${fields
        .map((field) => `<input aria-labelledby="to-label" class="input" data-field="${field}">`)
        .join('')}</div><button type="submit">Search</button></form>`;
    mount(form(['to']));
    const d = roundTrip(capture(document.querySelector('[data-field="to"]') as Element));
    // a second field under the same label, where the target stood: its position, path and neighbours are the
    // target's, only its own data-* attribute differs
    mount(form(['to-return', 'to']));
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(document.querySelector('[data-field="to"]'));
    expect(result.candidates[0]?.element).toBe(result.element);
  });

  test('a field with no name is not claimed as a new field put in its place, named by a label of its own', () => {
    // a top bar's search field: its label is only a floating placeholder, tied to nothing
    const topbar = (fields: string) =>
      `<nav class="navbar"><div class="input-group"><label class="form-label">Type here...</label>${fields}</div><a class="nav-link" href="/profile">Profile</a></nav>`;
    const field = '<input type="text" class="form-control">';
    mount(topbar(field));
    const d = roundTrip(capture(document.querySelector('input') as Element));
    mount(topbar(`<input type="text" class="form-control" aria-label="Reports">${field}`));
    const result = find(d);
    expect(result.element).not.toBe(document.querySelector('[aria-label="Reports"]'));
    expect(result.status).toBe('found');
    expect(result.element).toBe(document.querySelector('input:not([aria-label])'));
  });

  test('a row removed from one of two tables listing the same rows is not claimed as its copy in the other', () => {
    const rows = ['Argon Design System', 'Angular Now UI Kit', 'Black Dashboard', 'React Material Dashboard'];
    const table = (title: string, names: string[]) =>
      `<div class="card"><div class="card-header"><h3>${title}</h3></div><table class="table"><tbody>${names
        .map(
          (name) =>
            `<tr><th><span class="name">${name}</span></th><td>$2500 USD</td><td><div class="dropdown"><a class="btn btn-icon-only" href="#" role="button" data-toggle="dropdown"><i class="fas fa-ellipsis-v"></i></a></div></td></tr>`,
        )
        .join('')}</tbody></table></div>`;
    const page = (dark: string[]) => `<main>${table('Card tables', rows)}${table('Dark table', dark)}</main>`;
    mount(page(rows));
    const target = () => document.querySelectorAll('.card')[1]?.querySelectorAll('a.btn')[2];
    const d = roundTrip(capture(target() as Element));
    expect(d.copies).toBeGreaterThan(0);
    // still there: found in the dark table, not in the first one
    expect(find(d).element).toBe(target());
    // gone from the dark table: its row in the first table has the same title, name and neighbours, but it is
    // under another table's title
    mount(page(rows.filter((name) => name !== 'Black Dashboard')));
    const result = find(d);
    expect(result.element).toBeNull();
    expect(result.status).not.toBe('found');
  });

  test('a removed menu entry is not claimed as the entry whose name is like its own (Form Layouts, Layouts)', () => {
    const menu = (entries: Array<[string, string]>) =>
      `<aside class="layout-menu"><ul class="menu-inner">${entries
        .map(
          ([name, icon]) =>
            `<li class="menu-item"><a href="javascript:void(0);" class="menu-link menu-toggle"><i class="menu-icon bx ${icon}"></i><div>${name}</div></a></li>`,
        )
        .join('')}</ul></aside><main><h1>Dashboard</h1></main>`;
    const entries: Array<[string, string]> = [
      ['Dashboard', 'bx-home'],
      ['Layouts', 'bx-layout'],
      ['Account Settings', 'bx-dock-top'],
      ['Form Elements', 'bx-detail'],
      ['Form Layouts', 'bx-detail'],
      ['Tables', 'bx-table'],
    ];
    mount(menu(entries));
    const d = roundTrip(capture(document.querySelectorAll('.menu-link')[4] as Element));
    expect(d.name).toBe('Form Layouts');
    mount(menu(entries.filter(([name]) => name !== 'Form Layouts')));
    const result = find(d);
    expect(result.element).toBeNull();
    expect(result.status).not.toBe('found');
    // reworded, it is still found
    mount(menu(entries.map(([name, icon]) => [name === 'Form Layouts' ? 'Form layouts now' : name, icon])));
    expect(find(d).element?.textContent).toBe('Form layouts now');
  });

  test('a removed button is not claimed as the element capture saw would take its place (the next row\'s "Info")', () => {
    // without "Info" in the first row, the second row's has every feature the target had but its set of classes,
    // and sits under the same section title
    mount(buttonRows());
    // capture asks what would be found without the target, and the page's own scripts see no change
    const observer = new MutationObserver(() => {});
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    const d = roundTrip(capture(document.querySelector('.btn-info') as Element));
    expect(observer.takeRecords()).toEqual([]);
    observer.disconnect();
    const rounded = document.querySelectorAll('.btn-info')[1] as Element;
    expect(d.decoy).toBeDefined();
    mount(buttonRows({ without: 'Default Info' }));
    const result = find(d);
    expect(result.element).toBeNull();
    expect(result.status).not.toBe('found');
    // what the decoys prevent: the same descriptor without them claims the other row's button
    const { decoy: _, restyledDecoy: __, ...before } = d;
    expect(find(before).element?.className).toBe(rounded.className);
    // while the target is there, it is the one found
    mount(buttonRows());
    expect(find(d).element).toBe(document.querySelector('.btn-info'));

    // every class renamed by a restyle: the two rows' "Info" now differ by where they stand alone
    const restyle = (c: string) => `r-${c.length}${c.slice(-2)}`;
    expect(d.restyledDecoy).toBeDefined();
    mount(buttonRows({ without: 'Default Info', restyle }));
    const restyled = find(d);
    expect(restyled.element).toBeNull();
    expect(restyled.status).not.toBe('found');
    const { restyledDecoy: ___, ...unplaced } = d;
    expect(find(unplaced).element?.textContent).toBe('Info');
    mount(buttonRows({ restyle }));
    expect(find(d).element).toBe(document.querySelectorAll('button')[2]);
  });

  test('a button is found among the same buttons of another style, which one class the target did not have tells apart', () => {
    mount(buttonRows());
    const d = roundTrip(capture(document.querySelector('.btn-info') as Element));
    // a notice above, and the first row re-ordered: the second row's "Info" now stands where the target stood
    mount(
      buttonRows({
        above: '<p class="alert">New: dark mode</p>',
        order: ['Info', 'Primary', 'Secondary', 'Warning'],
      }),
    );
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element?.className).toBe('btn btn-info');
  });

  test("a close button like every other alert's is found by the class of its own alert, and not claimed once it went", () => {
    const alerts = (colours: string[], above = '') =>
      `${above}<main class="container"><h1>Notifications</h1>${colours
        .map(
          (colour) =>
            `<div class="alert alert-${colour} alert-dismissible" role="alert">A ${colour} alert<button type="button" class="btn-close" aria-label="Close"></button></div>`,
        )
        .join('')}</main>`;
    mount(alerts(['primary', 'warning', 'danger']));
    const d = roundTrip(capture(document.querySelector('.alert-warning button') as Element));
    // its copies are in alerts too: only its own alert's colour tells it apart
    expect(d.copies).toBe(2);
    // re-ordered under a new notice: the button now second is another alert's
    mount(alerts(['danger', 'primary', 'warning'], '<p class="notice">New: dark mode</p>'));
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(document.querySelector('.alert-warning button'));
    // the button alone gone, the other alerts' are not it
    mount(
      alerts(['danger', 'primary', 'warning']).replace(
        /(alert-warning[^>]*>[^<]*)<button[^>]*><\/button>/,
        '$1',
      ),
    );
    expect(find(d).element).toBeNull();
  });

  test('a page link of the plain pagination is found among the sized ones, which only a class it lacks tells apart', () => {
    const paginations = (sizes: string[], wrapper = '') =>
      `<main><h1>Pagination</h1>${sizes
        .map(
          (size) =>
            `${wrapper}<nav aria-label="Page navigation"><ul class="pagination ${size}">${[1, 2, 3]
              .map(
                (n) => `<li class="page-item"><a class="page-link" href="javascript:void(0);">${n}</a></li>`,
              )
              .join('')}</ul></nav>${wrapper && '</div>'}`,
        )
        .join('')}</main>`;
    const first = (size: string) =>
      [...document.querySelectorAll('.pagination')]
        .find((list) => list.className.trim() === `pagination ${size}`.trim())
        ?.querySelector('a');
    mount(paginations(['', 'pagination-sm', 'pagination-lg']));
    const d = roundTrip(capture(first('') as Element));
    expect(d.copies).toBe(2);
    // re-ordered, each in a box of its own: nothing stands where the plain one stood
    mount(paginations(['pagination-lg', '', 'pagination-sm'], '<div class="pager">'));
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(first(''));
  });

  test("a card's title link is found after a link like it was put beside it: that link is a peer, not its title", () => {
    const projects = (title: (name: string) => string) =>
      `<main><h2>Projects</h2><div class="row">${['Scandinavian', 'Modern', 'Minimalist']
        .map(
          (name, i) =>
            `<div class="card"><div class="card-body"><p>Project #${i + 1}</p>${title(name)}<p>As Uber works through a huge amount of internal management turmoil.</p><button type="button" class="btn">View Project</button></div></div>`,
        )
        .join('')}</div></main>`;
    const link = (name: string) => `<a href="javascript:;"><h5>${name}</h5></a>`;
    mount(projects(link));
    const d = roundTrip(capture(document.querySelector('a') as Element));
    // reworded, with a look-alike link put before it: its title is still the section's, not the look-alike's words
    mount(
      projects((name) =>
        name === 'Scandinavian' ? `${link('Invite')}${link('Scandinavian here')}` : link(name),
      ),
    );
    expect(find(d).element?.textContent).toBe('Scandinavian here');
    // the buttons of the cards are still told apart by their card's title link
    mount(projects(link));
    const view = roundTrip(capture(document.querySelectorAll('button')[1] as Element));
    expect(view.fingerprint.context).toBe('Modern');
  });

  test('a menu item wrapped by a redeploy is found in its menu, not in a copy of the menu that kept its old words', () => {
    const item = (word: string) => `<a href="/${word.toLowerCase()}">${word}</a>`;
    const list = (links: string[]) =>
      `<ul class="nav">${links.map((link) => `<li>${link}</li>`).join('')}</ul>`;
    const original = ['Dashboard', 'Reports', 'Billing', 'Team'].map(item);
    mount(
      `<nav aria-label="Primary navigation"><div class="side"><div class="scroll"><div class="section">${list(original)}</div></div></div></nav>`,
    );
    const d = roundTrip(capture(document.querySelector('a[href="/billing"]') as Element));
    // every level of the menu wrapped and the item twice, its words changed, new items around it, and above it a
    // copy of the menu under a heading of its own that still has the old words
    const reworded = [item('Archive'), ...original, item('Usage')];
    reworded[3] = `<span style="display:contents"><div class="wrap-b">${item('Billing').replace('>Billing<', '>Your billing<')}</div></span>`;
    const box = (html: string) => `<div class="wrap">${html}</div>`;
    mount(
      `<nav aria-label="Primary navigation">${box(`<div class="side">${box(`<div class="scroll">${box(`<div class="section"><div><h3>Recently viewed</h3>${list(original)}</div>${list(reworded)}</div>`)}</div>`)}</div>`)}</nav>`,
    );
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(document.querySelector('.wrap-b a'));
  });

  test('a menu entry is found after the site regenerated every id, its reference to what it opens included', () => {
    // a sidebar whose entries open their sub-menus by id (`data-bs-target="#collapseLayouts"`): a framework
    // upgrade regenerates the ids, the references follow them, the classes are renamed and the entry reworded
    const sidebar = (id: (name: string) => string, word: string, cls: (c: string) => string) =>
      `<div id="${id('layout')}"><nav class="${cls('sidenav')}" id="${id('accordion')}"><div class="${cls('menu')}">${[
        'Layouts',
        'Pages',
        'Charts',
      ]
        .map(
          (entry) =>
            `<a class="${cls('nav-link')}" href="#" data-bs-toggle="collapse" data-bs-target="#${id(`collapse${entry}`)}"><i class="fas fa-columns"></i> ${entry === 'Layouts' ? word : entry}</a><div class="${cls('collapse')}" id="${id(`collapse${entry}`)}"><a class="${cls('nav-link')}" href="${entry.toLowerCase()}.html">${entry} overview</a></div>`,
        )
        .join('')}</div></nav></div>`;
    mount(
      sidebar(
        (name) => name,
        'Layouts',
        (c) => c,
      ),
    );
    const d = roundTrip(capture(document.querySelector('[data-bs-target="#collapseLayouts"]') as Element));
    mount(
      sidebar(
        (name) => `:r${name.length}${name.at(-1)}:`,
        'Layouts now',
        (c) => `x${c.length}`,
      ),
    );
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element?.textContent).toContain('Layouts now');
    // and not reported to the author as degraded: the ids that changed everywhere count neither way
    expect(result.confidence).toBeGreaterThanOrEqual(DEGRADED_CONFIDENCE);
  });

  // A docs page's feedback buttons, in the section they were captured in; the redeploy moves the block into
  // another section, rewords its question and the other button, wraps and re-orders the buttons and renames every
  // class.
  const docs = (sections: [string, string][], cls: (c: string) => string = (c) => c) =>
    `<main class="${cls('content')}">${sections
      .map(([title, body]) => `<section class="${cls('doc')}"><h2>${title}</h2><p>${body}</p></section>`)
      .join('')}</main>`;
  const feedback = (question: string, cls: (c: string) => string = (c) => c, wrapped = false) => {
    const button = (label: string) =>
      `<button type="button" class="${cls('btn')} ${cls('btn-sm')}">${label}</button>`;
    const buttons = wrapped
      ? `<span class="${cls('group')}">${button('Not really')} ${button('Yes')}</span>`
      : `${button('Yes')} ${button('No')}`;
    return `</p><div class="${cls('feedback')}"><span>${question}</span> ${buttons}</div><p>`;
  };
  const renamed = (c: string) => `x${c.length}${c.at(-1)}q`;
  /** "Yes", captured under "Environment" */
  const captureYes = () => {
    mount(
      docs([
        ['Install', 'Run the installer.'],
        ['Environment', `Set PORT.${feedback('Was this page helpful?')}`],
      ]),
    );
    return roundTrip(capture(document.querySelector('.feedback button') as Element));
  };

  test('the only element keeping every feature of a target that had no copy is found, however little of its surroundings is left', () => {
    const d = captureYes();
    expect(d.copies).toBe(0);
    mount(
      docs(
        [
          ['Configuration', `Edit the file.${feedback('Did this help?', renamed, true)}`],
          ['Install', 'Run the installer.'],
        ],
        renamed,
      ),
    );
    const result = find(d);
    const yes = Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Yes');
    // weak: it is claimed on its own features alone, and reported to the guide's author as degraded
    expect(result.confidence).toBeLessThan(MIN_CONFIDENCE);
    expect(result.status).toBe('found');
    expect(result.element).toBe(yes);
  });

  test('…but not when it lost a feature of its own, when another element could be the target, or when the target had a copy', () => {
    const d = captureYes();
    const moved = feedback('Did this help?', renamed, true);
    mount(
      docs(
        [
          [
            'Configuration',
            `Edit the file.${feedback('Was this page helpful?', renamed, true).replace('>Yes<', '>Yes please<')}`,
          ],
          ['Install', 'Run the installer.'],
        ],
        renamed,
      ),
    );
    // reworded: it keeps most of the target, not every feature
    const reworded = find(d);
    expect(reworded.element).toBeNull();
    // another "Yes" (a submit button) elsewhere on the page: nothing tells which is the target
    const other = `<button type="submit" class="${renamed('btn')}">Yes</button>`;
    mount(
      docs(
        [
          ['Configuration', `Edit the file.${moved}`],
          ['Install', `Run the installer.</p>${other}<p>`],
        ],
        renamed,
      ),
    );
    const rivalled = find(d);
    expect(rivalled.element).toBeNull();
    // a target that had an exact copy: the one left may be that copy
    mount(
      docs([
        ['Environment', `Set PORT.${feedback('Was this page helpful?')}`],
        ['Usage', `Call it.${feedback('Was this page helpful?')}`],
      ]),
    );
    const copied = roundTrip(capture(document.querySelector('.feedback button') as Element));
    expect(copied.copies).toBe(1);
    mount(
      docs(
        [
          ['Configuration', `Edit the file.${moved}`],
          ['Install', 'Run the installer.'],
        ],
        renamed,
      ),
    );
    expect(find(copied).element).toBeNull();
  });

  test('a link reworded with words added is found where it stood, not refused for the link of its old name elsewhere', () => {
    // a docs menu and a footer both link to the documentation; the footer's link is the target
    const page = (label: string) =>
      `<aside><ul class="menu">${['Dashboard', 'Layouts', 'Documentation', 'Support']
        .map(
          (item) =>
            `<li class="menu-item"><a class="menu-link" href="/${item.toLowerCase()}">${item}</a></li>`,
        )
        .join('')}</ul></aside><footer><div class="footer">${['License', 'More Themes', label, 'Support']
        .map((item) => `<a class="footer-link" href="/${item.split(' ')[0]?.toLowerCase()}">${item}</a>`)
        .join('')}</div></footer>`;
    mount(page('Documentation'));
    const target = () => document.querySelectorAll('footer a')[2] as Element;
    const d = roundTrip(capture(target()));
    mount(page('Documentation now'));
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(target());
  });

  test('a reworded link is found under no title, like it was, not taken for its old copy in a newly titled section', () => {
    const links = (labels: string[], wrap = (link: string) => link) =>
      `<p>v4.2 · ${labels
        .map((label) =>
          wrap(`<a class="footer-link" href="/${label.split(' ')[0]?.toLowerCase()}">${label}</a>`),
        )
        .join(' · ')}</p>`;
    const before = ['License', 'Documentation', 'Support'];
    mount(`<main><h1>Dashboard</h1></main><footer><div class="footer">${links(before)}</div></footer>`);
    const d = roundTrip(capture(document.querySelectorAll('footer a')[1] as Element));
    // a redeploy rewords the link, wraps and re-orders the footer's links, and adds a panel repeating them as they were
    const after = links(['Support', 'Documentation page now', 'License'], (link) => `<span>${link}</span>`);
    mount(
      `<main><h1>Dashboard</h1></main><footer><div class="footer"><div class="links">${after}</div>` +
        `<div><h3>Recently viewed</h3>${links(before)}</div></div></footer>`,
    );
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element?.textContent).toBe('Documentation page now');
  });

  test("a one-time password's sixth digit is told from the others by its second 6, once its label was reworded", () => {
    const digits = (label: (n: number) => string) =>
      `<form><div role="group" aria-label="One-time password">${[1, 2, 3, 4, 5, 6]
        .map((n) => `<input class="otp-input" aria-label="${label(n)}" maxlength="1" inputmode="numeric">`)
        .join('')}</div></form>`;
    mount(digits((n) => `Digit ${n} of 6`));
    const d = roundTrip(capture(document.querySelectorAll('input')[5] as Element));
    // the redeploy rewords the labels and puts the last digit first
    mount(digits((n) => `Digit ${n} of your 6`));
    const group = document.querySelector('[role=group]') as Element;
    group.prepend(group.lastElementChild as Element);
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element?.getAttribute('aria-label')).toBe('Digit 6 of your 6');
  });

  test("a flight's Select is found after another flight's Select was reworded: none of the buttons went", () => {
    const FLIGHTS = [
      ['CDG', '07:10', '€89'],
      ['ORY', '09:45', '€64'],
      ['CDG', '13:20', '€112'],
      ['BVA', '18:05', '€41'],
    ];
    const list = (select: (from: string) => string, redeployed = false) =>
      `<${redeployed ? 'div' : 'ul'} class="results">${(redeployed ? FLIGHTS.toReversed() : FLIGHTS)
        .map(([from, time, price]) => {
          const parts = [
            `<div class="route"><span>${from}</span> → <span>LIS</span></div>`,
            `<div class="time">${time}</div><strong class="price">${price}</strong>`,
            `<button class="btn btn-primary" title="Select flight ${from} LIS ${time}">${select(from as string)}</button>`,
          ];
          return redeployed
            ? `<div class="item">${[parts[1], `<div class="actions">${parts[2]}</div>`, parts[0]].join('')}</div>`
            : `<li class="item">${parts.join('')}</li>`;
        })
        .join('')}</${redeployed ? 'div' : 'ul'}>`;
    mount(list(() => 'Select'));
    const d = roundTrip(capture(document.querySelectorAll('button')[3] as Element));
    // the redeploy re-orders the flights and their parts, wraps the buttons, rewords one and re-cases the target
    mount(list((from) => (from === 'ORY' ? 'Select now' : from === 'BVA' ? 'SELECT' : 'Select'), true));
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element?.getAttribute('title')).toBe('Select flight BVA LIS 18:05');
  });

  test('…but a look-alike put in its place that shares only some of its words is not claimed', () => {
    // an account menu's entries: an avatar (the same alt on each) and a name
    const menu = (names: string[]) =>
      `<nav class="navbar"><ul class="navbar-nav">${names
        .map(
          (name) =>
            `<li class="nav-item"><a class="nav-link pr-0" href="#"><span class="avatar"><img alt="Image placeholder" src="data:,"></span><span class="name">${name}</span></a></li>`,
        )
        .join('')}</ul></nav>`;
    mount(menu(['John Snow', 'Settings']));
    const d = roundTrip(capture(document.querySelector('.nav-link') as Element));
    // a redeploy puts an "Export" entry where it stood and rewords it
    mount(menu(['Export', 'John Snow now', 'Settings']));
    const result = find(d);
    expect(result.element?.textContent).not.toBe('Export');
  });

  test("a row's action button reworded in a table of thirty rows is found by its row, however many copies kept the old name", () => {
    const customers = Array.from({ length: 30 }, (_, i) => `Customer ${i + 1}`);
    const table = (label: (name: string) => string, wrap = (button: string) => button) =>
      `<main><h1>Customers</h1><table class="table"><tbody>${customers
        .map(
          (name) =>
            `<tr><td><span class="cell-strong">${name}</span></td><td>Active</td><td>${wrap(`<button class="row-btn" aria-label="${label(name)}"><svg viewBox="0 0 16 16"></svg></button>`)}</td></tr>`,
        )
        .join('')}</tbody></table></main>`;
    mount(table(() => 'Row actions'));
    const target = () => document.querySelectorAll('tbody tr')[24]?.querySelector('button') as Element;
    const d = roundTrip(capture(target()));
    // the redeploy rewords that row's button only, and wraps every button (the captured path no longer leads there)
    mount(
      table(
        (name) => (name === 'Customer 25' ? 'Row more actions' : 'Row actions'),
        (button) => `<div class="cell-actions">${button}</div>`,
      ),
    );
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(target());
  });

  test("a list item's button is found by its item's title after the item's parts were reordered and the button reworded", () => {
    const offers = [
      ['Paris → Lisbon', '€89'],
      ['Lyon → Lisbon', '€64'],
      ['Nice → Lisbon', '€112'],
    ];
    const list = (item: (route: string, price: string, button: string) => string, label: string) =>
      `<ul class="results">${offers
        .map(
          ([route, price]) =>
            `<li class="result">${item(`<div class="route">${route}</div>`, `<strong class="price">${price}</strong>`, `<button class="select">${route === 'Lyon → Lisbon' ? label : 'Select'}</button>`)}</li>`,
        )
        .join('')}</ul>`;
    mount(list((route, price, button) => route + price + button, 'Select'));
    const target = () => document.querySelectorAll('li')[1]?.querySelector('button') as Element;
    const d = roundTrip(capture(target()));
    // the redeploy shows the price first, and the button says more
    mount(list((route, price, button) => price + route + button, 'Select now'));
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(target());
  });

  test("a row's member link is found by its row's title after the row's cells were re-ordered and a look-alike put beside it", () => {
    const member = (name: string, photo = 'team-4.jpg') =>
      `<a href="javascript:;" class="avatar avatar-xs" title="${name}"><img src="/img/${photo}" alt="${name}"></a>`;
    const tasks = (order: (title: string, members: string, progress: string) => string, added = '') =>
      `<table class="table"><tbody>${[
        ['Add the New Pricing Page', '25%'],
        ['Redesign the New Shop', '60%'],
      ]
        .map(
          ([title, progress]) =>
            `<tr>${order(
              `<td><div class="d-flex"><img src="/img/logo.svg" alt=""><div class="flex-column"><h6>${title}</h6></div></div></td>`,
              `<td><div class="avatar-group">${title?.startsWith('Add') ? added : ''}${member('Ryan Tompson')}</div></td>`,
              `<td><span class="text-xs">${progress}</span></td>`,
            )}</tr>`,
        )
        .join('')}</tbody></table>`;
    mount(tasks((title, members, progress) => title + members + progress));
    const target = () => document.querySelector('tr [src$="team-4.jpg"]')?.parentElement;
    const d = roundTrip(capture(target() as Element));
    expect(d.copies).toBe(1);
    // the progress shown first, and a link of the same name with another photo added before the target
    mount(
      tasks((title, members, progress) => progress + members + title, member('Ryan Tompson', 'team-2.jpg')),
    );
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(target());
  });

  test("a tag's remove button is told from the copy a re-order put in its place by its tag's label, not by its place", () => {
    // every tag's remove button alike: the label beside it tells them apart, and the colour of its tag, when that is
    // not every tag's (the target's is also another tag's, in another list)
    const tags = (order: string[], colour: (name: string) => string) =>
      `<main><h2>Tags</h2><div class="chips"><span class="chip ${colour('Tailwind')}">Premium<button type="button" class="chip-close" aria-label="Remove">×</button></span></div><div class="chips">${order
        .map(
          (name) =>
            `<span class="chip ${colour(name)}">${name}<button type="button" class="chip-close" aria-label="Remove">×</button></span>`,
        )
        .join('')}</div></main>`;
    const removeOf = (label: string) =>
      [...document.querySelectorAll('.chip')].find((chip) => chip.firstChild?.textContent === label)
        ?.lastElementChild;
    for (const colour of [
      () => 'chip-blue',
      (name: string) => (name === 'Tailwind' ? 'chip-purple' : 'chip-blue'),
    ]) {
      mount(tags(['React', 'TypeScript', 'Tailwind'], colour));
      const d = roundTrip(capture(removeOf('Tailwind') as Element));
      expect(d.copies).toBe(3);
      // moved first: TypeScript's button now stands where the target stood
      mount(tags(['Tailwind', 'React', 'TypeScript'], colour));
      const result = find(d);
      // the other is ahead by that place alone; the target by its label and, whatever the colours, by the words of
      // its tag (its item), which no other tag holds and which the re-order moved with it
      expect(result.status).toBe('found');
      expect(result.element).toBe(removeOf('Tailwind'));
    }
  });

  test('an icon-only button whose icon is an inline image is found again after its title was reworded', () => {
    // a bundler inlines small icons as data: URIs; such an image has no file name to recognize it by
    const toolbar = (title: string) =>
      `<div class="toolbar"><input type="checkbox" aria-label="Select all"><button class="btn" title="${title}"><img src="data:image/svg+xml;base64,PHN2ZyB2aWV3Qm94PSIwIDAgMTYgMTYiLz4=" alt=""></button><button class="btn" title="Mark as read">✓</button></div>`;
    mount(toolbar('Refresh'));
    const d = roundTrip(capture(document.querySelector('[title=Refresh]') as Element));
    mount(toolbar('Refresh now'));
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(document.querySelector('.btn'));
  });

  test("a row's menu button is found in the one of several identical tables its title names, with a look-alike beside it", () => {
    const menu = (icon: string) =>
      `<button type="button" class="btn dropdown-toggle"><i class="bx ${icon}"></i></button>`;
    const tables = (rows: string[], added = '') =>
      ['Striped rows', 'Bordered table', 'Hoverable rows']
        .map(
          (title) =>
            `<div class="card"><h5 class="card-header">${title}</h5><table class="table"><tbody>${rows
              .map(
                (row) =>
                  `<tr><td>${row}</td><td><span class="badge">Active</span></td><td>${
                    title === 'Bordered table' && row === 'Angular Project' ? added : ''
                  }${menu('bx-dots-vertical')}</td></tr>`,
              )
              .join('')}</tbody></table></div>`,
        )
        .join('');
    mount(tables(['Angular Project', 'React Project', 'Vue Project']));
    const d = roundTrip(capture(document.querySelectorAll('tr')[3]?.querySelector('button') as Element));
    expect(d.copies).toBe(8);
    // the rows re-ordered, and another menu (another icon) added before the target in its row
    mount(tables(['Vue Project', 'Angular Project', 'React Project'], menu('bx-edit')));
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(
      document.querySelectorAll('tr')[4]?.querySelector('.bx-dots-vertical')?.parentElement,
    );
  });

  test('a field known by its id, with no id around it, is found after the site regenerated every id', () => {
    const login = (ids: string[], label: string, cls = 'form-control') => {
      const field = (id: string, type: string, text: string) =>
        `<div class="field"><label for="${id}">${text}</label><input id="${id}" type="${type}" class="${cls}"></div>`;
      // deep enough that no id is captured around the field
      return `<header id="${ids[2]}"><a href="/">Home</a></header><main><div class="container"><div class="row"><div class="col"><div class="card"><div class="card-body"><form class="login"><h2>Sign in</h2>${field(ids[0] as string, 'email', 'Email')}${field(ids[1] as string, 'password', label)}<button class="btn">Log in</button></form></div></div></div></div></div></main><footer id="${ids[3]}">© 2026</footer>`;
    };
    mount(login(['email', 'password', 'top', 'bottom'], 'Password'));
    const d = roundTrip(capture(document.getElementById('password') as Element));
    // the page's ids are all generated ones now: the target's old id says nothing either way
    mount(login([':r1:', ':r2:', ':r3:', ':r4:'], 'Your password', 'x9q'));
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(document.getElementById(':r2:'));
    // on a page that kept its ids, the field gone with its id is not the password field put in its place
    mount(login(['email', 'confirm', 'top', 'bottom'], 'Your password', 'x9q'));
    expect(find(d).element).toBeNull();
  });

  test('a field whose placeholder has no words (a row of dots) is found after the dots and its label changed', () => {
    const field = (label: string, dots: string, cls: string) =>
      `<form class="unlock"><h2>Locked</h2><label for="pin">Email</label><input id="pin" type="email" class="${cls}"><label for="secret">${label}</label><input id="secret" type="password" class="${cls}" placeholder="${dots}"><button class="btn">Unlock</button></form>`;
    mount(field('Password', '••••••••', 'form-control'));
    const d = roundTrip(capture(document.getElementById('secret') as Element));
    mount(field('Your password', '••••••', 'x9q'));
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(document.getElementById('secret'));
  });

  test('a hidden copy of the target keeping every feature does not refuse the visible target that lost one', () => {
    // a topbar search, and its copy in the closed menu of small screens
    const search = (placeholder: string, hidden = false) =>
      `<form class="search"${hidden ? ' hidden' : ''}><input type="text" class="form-control" placeholder="${placeholder}" aria-label="Search"><button class="btn" type="button">Go</button></form>`;
    mount(
      `<nav class="topbar">${search('Search for...')}<div class="menu">${search('Search for...', true)}</div></nav>`,
    );
    const d = roundTrip(capture(document.querySelector('input') as Element));
    mount(
      `<nav class="topbar">${search('Search anything')}<div class="menu">${search('Search for...', true)}</div></nav>`,
    );
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(document.querySelector('input'));
  });

  test("a removed search button is not claimed as its copy in the small screens' menu, whatever else shows its icon", () => {
    // sb-admin-2's top bar: the search form, a toggle showing the same icon, and a copy of the form in its menu
    const form = (hidden = false) =>
      `<form class="search"${hidden ? ' hidden' : ''}><input type="text" class="form-control" placeholder="Search for..." aria-label="Search"><button class="btn btn-primary" type="button"><i class="fas fa-search"></i></button></form>`;
    const topbar = (withButton: boolean) =>
      `<style>.fa-search::before{content:"\\1F50D"}</style><nav class="topbar">${withButton ? form() : form().replace(/<button.*?<\/button>/, '')}<ul class="navbar-nav"><li class="nav-item dropdown"><a class="nav-link dropdown-toggle" href="#" role="button"><i class="fas fa-search"></i></a><div class="dropdown-menu">${form(true)}</div></li></ul></nav>`;
    mount(topbar(true));
    const d = roundTrip(capture(document.querySelector('button') as Element));
    expect(d.copies).toBe(1);
    mount(topbar(false));
    expect(find(d).element).toBeNull();
  });

  test('a target captured by an earlier version (no optional fields) is still found', () => {
    // stored by the first version of capture(), before extra attributes, icons, near text and copies existed,
    // with the positional XPath it wrote then
    const stored: TargetDescriptor & { xpath: string } = {
      version: 1,
      tag: 'a',
      attributes: { href: '/billing' },
      role: 'link',
      name: 'Billing',
      text: 'Billing',
      classes: ['nav-link'],
      css: 'html > body:nth-of-type(1) > nav:nth-of-type(1) > ul:nth-of-type(1) > li:nth-of-type(3) > a:nth-of-type(1)',
      xpath: '/html/body[1]/nav[1]/ul[1]/li[3]/a[1]',
      fingerprint: {
        index: 0,
        siblings: 1,
        ancestors: [
          { tag: 'li', classes: ['nav-item'] },
          { tag: 'ul', classes: ['nav'] },
          { tag: 'nav', classes: ['sidebar'] },
        ],
      },
    };
    mount(sidebar(['Dashboard', 'Billing', 'Reports', 'Team']));
    const result = find(roundTrip(stored));
    expect(result.status).toBe('found');
    expect(result.element).toBe(document.querySelector('a[href="/billing"]'));
  });
});
