// Exact copies told apart only by where they stand: a card's tools, a multi-level menu's entries, a row's actions.
import { afterEach, describe, expect, test } from 'vitest';
import { capture, DEGRADED_CONFIDENCE, find, type TargetDescriptor } from '../src/index';

const roundTrip = (d: TargetDescriptor): TargetDescriptor => JSON.parse(JSON.stringify(d));

afterEach(() => {
  document.body.replaceChildren();
});

/** A restyle: every class of the page renamed (`btn` → `x-btn`). */
const restyle = () => {
  for (const el of document.querySelectorAll('[class]'))
    el.className = el.className.replace(/(\S+)/g, 'x-$1');
};

const TITLES = [
  'Sales',
  'Visitors',
  'Orders',
  'Revenue',
  'Refunds',
  'Traffic',
  'Signups',
  'Churn',
  'Tickets',
  'Uptime',
  'Latency',
  'Errors',
];
const card = (title: string) =>
  `<div class="card"><div class="card-header"><h3 class="card-title">${title}</h3><div class="card-tools">` +
  '<button type="button" class="btn btn-tool" data-card-widget="collapse"><i class="fas fa-minus"></i></button>' +
  '<button type="button" class="btn btn-tool" data-card-widget="remove"><i class="fas fa-times"></i></button>' +
  `</div></div><div class="card-body"><p>${title} this week</p></div></div>`;
const dashboard = (titles: string[]) => `<main><div class="row">${titles.map(card).join('')}</div></main>`;
const collapseOf = (title: string) =>
  [...document.querySelectorAll('.card')]
    .find((c) => c.querySelector('h3')?.textContent === title)
    ?.querySelector('[data-card-widget=collapse]');

describe('among identical copies', () => {
  test("a card's collapse button is found among twelve identical ones by its card's title, the cards re-ordered", () => {
    document.body.innerHTML = dashboard(TITLES);
    const d = roundTrip(capture(collapseOf('Sales') as Element));
    expect(d.copies).toBe(11);
    document.body.innerHTML = dashboard([...TITLES].reverse());
    const result = find(d);
    expect(result.status).toBe('found');
    expect(result.element).toBe(collapseOf('Sales'));
    expect(result.reason).toBe('place-among-copies');
  });

  test("…and once its card's title was reworded with a word added, which still names the card", () => {
    document.body.innerHTML = dashboard(TITLES);
    const d = roundTrip(capture(collapseOf('Sales') as Element));
    document.body.innerHTML = dashboard(TITLES.map((t) => (t === 'Sales' ? 'Sales overview' : t)));
    expect(find(d)).toMatchObject({ status: 'found', element: collapseOf('Sales overview') });
  });

  test('…and is not claimed once the card titled Sales is gone, whichever card now stands where it stood', () => {
    document.body.innerHTML = dashboard(TITLES);
    const d = roundTrip(capture(collapseOf('Sales') as Element));
    document.body.innerHTML = dashboard(TITLES.slice(1));
    const result = find(d);
    expect(result.element).toBeNull();
    expect(result).toMatchObject({ status: 'not-found', reason: 'context-gone' });
    // nor once only its collapse button went
    document.body.innerHTML = dashboard(TITLES);
    collapseOf('Sales')?.remove();
    expect(find(d).element).toBeNull();
  });

  const menu = (groups: Record<string, string[]>) =>
    `<nav aria-label="Sidebar"><ul>${Object.entries(groups)
      .map(
        ([parent, children]) =>
          `<li><a href="#">${parent}</a><ul>${children.map((child) => `<li><a href="#">${child}</a></li>`).join('')}</ul></li>`,
      )
      .join('')}</ul></nav>`;

  test('a menu entry named like entries of other menus is found under its own parent entry, and not claimed once that one is gone', () => {
    document.body.innerHTML = menu({ 'Level 1': ['Level 2', 'Level 3'], 'Level 4': ['Level 2', 'Level 3'] });
    const second = () =>
      [...document.querySelectorAll('nav > ul > li')]
        .find((li) => li.firstElementChild?.textContent === 'Level 4')
        ?.querySelector(':scope li a') as Element;
    const d = roundTrip(capture(second()));
    document.body.innerHTML = menu({ 'Level 4': ['Level 2', 'Level 3'], 'Level 1': ['Level 2', 'Level 3'] });
    expect(find(d).element).toBe(second());
    document.body.innerHTML = menu({ 'Level 1': ['Level 2', 'Level 3'], 'Level 4': ['Level 3'] });
    expect(find(d).element).toBeNull();
  });

  const table = (rows: string[]) =>
    `<table><tbody>${rows
      .map(
        (row) =>
          `<tr><td>${row}</td><td>Paid</td><td><button type="button" class="btn btn-sm"><i class="fa fa-trash"></i></button></td></tr>`,
      )
      .join('')}</tbody></table>`;

  test("a row's action is found by its row's key cell after the rows were re-ordered, and not claimed once the row is gone", () => {
    const invoices = ['Invoice 41', 'Invoice 42', 'Invoice 43', 'Invoice 44'];
    document.body.innerHTML = table(invoices);
    const d = roundTrip(capture(document.querySelectorAll('button')[1] as Element));
    document.body.innerHTML = table(['Invoice 44', 'Invoice 43', 'Invoice 42', 'Invoice 41']);
    expect(find(d).element).toBe(document.querySelectorAll('button')[2]);
    document.body.innerHTML = table(['Invoice 41', 'Invoice 43', 'Invoice 44']);
    expect(find(d).element).toBeNull();
  });

  // a toggle group of radios drawn as buttons: the inputs differ only by their ids and their labels' words
  const toggles = (names: string[]) =>
    `<div class="btn-group" role="group" aria-label="Basic radio toggle button group">${names
      .map(
        (name, i) =>
          `<input type="radio" class="btn-check" name="btnradio" id="btnradio${i + 1}" autocomplete="off">` +
          `<label class="btn btn-outline-primary" for="btnradio${i + 1}">${name}</label>`,
      )
      .join('')}</div>`;

  test('a radio among radios named alike but for a number is found on the unchanged page, and not claimed once it is gone', () => {
    document.body.innerHTML = toggles(['Radio 1', 'Radio 2', 'Radio 3']);
    const d = roundTrip(capture(document.getElementById('btnradio3') as Element));
    expect(d.copies).toBe(2);
    const result = find(d);
    expect(result.element).toBe(document.getElementById('btnradio3'));
    expect(result.status).toBe('found');
    document.body.innerHTML = toggles(['Radio 1', 'Radio 2']);
    expect(find(d).element).toBeNull();
  });

  // alerts told apart by their words alone: no title, no label, and the same close button in each
  const alerts = (texts: string[], wrapped = false) =>
    texts
      .map((text) => {
        const alert =
          `<div class="alert alert-dismissible" role="alert"><p><strong>${text}</strong> <a href="#">Details</a></p>` +
          '<button type="button" class="btn-close" aria-label="Close"></button></div>';
        return wrapped ? `<div class="wrap">${alert}</div>` : alert;
      })
      .join('');
  const closeOf = (text: string) =>
    [...document.querySelectorAll('.alert')]
      .find((a) => a.querySelector('strong')?.textContent === text)
      ?.querySelector('button') as Element;
  const ALERTS = ['Disk almost full', 'Backup done', 'New login', 'Update ready'];

  test("an alert's close button is found by its alert's words once the alerts were re-ordered and wrapped, and not claimed once it is gone", () => {
    document.body.innerHTML = alerts(ALERTS);
    const d = roundTrip(capture(closeOf('Backup done')));
    expect(d.place?.words).toEqual(['backup', 'done']);
    // its position among the copies now points at another alert's button
    document.body.innerHTML = alerts([...ALERTS].reverse(), true);
    expect(find(d)).toMatchObject({ status: 'found', element: closeOf('Backup done') });
    document.body.innerHTML = alerts(['Disk almost full', 'New login', 'Update ready'], true);
    expect(find(d).element).toBeNull();
    document.body.innerHTML = alerts([...ALERTS].reverse(), true);
    closeOf('Backup done').remove();
    expect(find(d).element).toBeNull();
  });

  test('…but not by words another copy of the whole alert also holds', () => {
    document.body.innerHTML = alerts(ALERTS);
    const d = roundTrip(capture(closeOf('Backup done')));
    document.body.innerHTML = alerts(
      ['Update ready', 'New login', 'Backup done', 'Disk almost full', 'Backup done'],
      true,
    );
    expect(find(d).element).toBeNull();
  });

  // a billing list: each entry's details first (its name, then its company, address and number), then its actions
  const billing = (entries: [string, string][], detailsReordered = false) =>
    `<ul class="list-group">${entries
      .map(([name, company]) => {
        const details = [
          `<h6>${name}</h6>`,
          `<span>Company Name: ${company}</span>`,
          `<span>Email Address: ${name.split(' ')[0]?.toLowerCase()}@example.com</span>`,
          '<span>VAT Number: FRB1235476</span>',
        ];
        // the name stays first, its details after it re-ordered
        if (detailsReordered) details.push(...details.splice(1).reverse());
        return (
          `<li class="list-group-item"><div class="details">${details.join('')}</div><div class="actions">` +
          '<a class="btn btn-link text-danger" href="#">Delete</a><a class="btn btn-link" href="#">Edit</a></div></li>'
        );
      })
      .join('')}</ul>`;
  const deleteOf = (name: string) =>
    [...document.querySelectorAll('li')]
      .find((li) => li.querySelector('h6')?.textContent === name)
      ?.querySelector('.text-danger') as Element;
  const ENTRIES: [string, string][] = [
    ['Oliver Liam', 'Viking Burrito'],
    ['Lucas Harper', 'Stone Tech Zone'],
    ['Ethan James', 'Fiber Notion'],
  ];

  test("an entry's action is found by its entry's words once the entry's parts were re-ordered, and not claimed once it is gone", () => {
    document.body.innerHTML = billing(ENTRIES);
    const d = roundTrip(capture(deleteOf('Lucas Harper')));
    // the label read around it was its entry's first part, which the re-order changed
    document.body.innerHTML = billing(ENTRIES, true);
    expect(find(d)).toMatchObject({ status: 'found', element: deleteOf('Lucas Harper') });
    // its entry gone, or only its action: the copy whose entry grew around the gap is not claimed
    document.body.innerHTML = billing([ENTRIES[0], ENTRIES[2]] as [string, string][], true);
    expect(find(d).element).toBeNull();
    document.body.innerHTML = billing(ENTRIES, true);
    deleteOf('Lucas Harper').remove();
    expect(find(d).element).toBeNull();
  });

  test('…and found as surely, however little else is left around it once the entries were re-ordered, wrapped and restyled', () => {
    document.body.innerHTML = billing(ENTRIES);
    const d = roundTrip(capture(deleteOf('Lucas Harper')));
    document.body.innerHTML = `<div class="card"><div class="card-body">${billing(ENTRIES.toReversed(), true)}</div></div>`;
    for (const actions of document.querySelectorAll('.actions'))
      actions.outerHTML = `<div class="row"><div class="col">${actions.outerHTML}</div></div>`;
    restyle();
    const result = find(d);
    expect(result).toMatchObject({
      status: 'found',
      element: document.querySelectorAll('.x-text-danger')[1],
    });
    // its item's words told it from its copies: a clear find, not one to report to the guide's author as degraded
    expect(result.confidence).toBeGreaterThanOrEqual(DEGRADED_CONFIDENCE);
  });

  test("a row's star is found by its row's words, however little else is left around it", () => {
    const mail = (from: string, subject: string, redeployed = false) => {
      const cells = [
        `<span role="gridcell" class="from">${from}</span>`,
        `<span role="gridcell" class="subject">${subject}</span>`,
        `<span role="gridcell"><div role="button" tabindex="0" class="icon-btn" aria-label="Archive">📦</div>${redeployed ? '<div role="button" tabindex="0" class="icon-btn" aria-label="Flag">⚑</div>' : ''}<div role="button" tabindex="0" class="icon-btn" aria-label="Star">☆</div></span>`,
      ];
      return `<div role="row" class="mail-row">${(redeployed ? [cells[1], cells[0], cells[2]] : cells).join('')}</div>`;
    };
    const MAILS: [string, string][] = [
      ['Alice Martin', 'Quarterly report'],
      ['Bruno Diaz', 'Team lunch on Friday'],
      ['Chloé Petit', 'Invoice #2291'],
      ['Driss Amrani', 'Design review notes'],
    ];
    const grid = (mails: [string, string][], redeployed = false) =>
      `<div role="grid" aria-label="Messages">${mails.map(([from, subject]) => mail(from, subject, redeployed)).join('')}</div>`;
    const starOf = (from: string) =>
      [...document.querySelectorAll('[role=row]')]
        .find((row) => row.textContent?.includes(from))
        ?.querySelector('[aria-label=Star]') as Element;
    document.body.innerHTML = grid(MAILS);
    const d = roundTrip(capture(starOf('Driss Amrani')));
    // a redeploy re-orders the rows and their cells, puts a flag beside each star, wraps the cells and renames every
    // class: little is left around the star but its row's words
    document.body.innerHTML = `<main><section>${grid(MAILS.toReversed(), true)}</section></main>`;
    for (const cell of document.querySelectorAll('[role=gridcell]'))
      cell.outerHTML = `<div>${cell.outerHTML}</div>`;
    restyle();
    expect(find(d)).toMatchObject({ status: 'found', element: starOf('Driss Amrani') });
  });

  test("a card's link is found in its section once its card lost its title, though the copy in the other section kept it", () => {
    const card = (title: string | null, link: string) =>
      `<div class="card">${title === null ? '' : `<h5 class="card-title">${title}</h5>`}<p>Some quick example text.</p>` +
      `<a href="#" class="card-link">${link}</a></div>`;
    const page = (kitchen: string) =>
      `<section><h4>Kitchen sink</h4>${kitchen}</section><section><h4>Images</h4>${card('Card title', 'Card link')}</section>`;
    document.body.innerHTML = page(card('Card title', 'Card link'));
    const d = roundTrip(capture(document.querySelector('a') as Element));
    expect(d.copies).toBe(1);
    // the redeploy drops the card's title in the first section and rewords its link
    document.body.innerHTML = page(card(null, 'Card link here'));
    const result = find(d);
    expect(result).toMatchObject({ status: 'found', element: document.querySelector('section a') });
  });

  // the same author's link in two identical entries: only their position tells them apart
  const entries = (names: string[], wrapped = false) =>
    `<section>${names
      .map((name) => `<article><a href="/profile" class="author">${name}</a></article>`)
      .map((entry) => (wrapped ? `<div>${entry}</div>` : entry))
      .join('')}</section>`;

  test('a copy that kept the words the target was reworded out of is not taken for it: the copies are told apart by their place', () => {
    document.body.innerHTML = entries(['Peter Richards', 'Peter Richards']);
    const d = roundTrip(capture(document.querySelectorAll('a')[1] as Element));
    expect(d.copies).toBe(1);
    document.body.innerHTML = entries(['Peter Richards', 'Peter Richards now'], true);
    expect(find(d)).toMatchObject({ status: 'found', element: document.querySelectorAll('a')[1] });
  });
});
