// The customer area: a single-page application with client-side routes (history API). In the "broken"
// variant the "Nouveau projet" button is redesigned away, so that a guide recorded on it fails.
import { currentVariant } from './variant.js';

interface Project {
  name: string;
  owner: string;
  due: string;
}

const STORE = 'demo-site-projects';
const view = document.getElementById('vue') as HTMLElement;
const variant = currentVariant();

// demonstration content of a fictitious customer, stored in the tab only
const EXAMPLES: Project[] = [
  { name: 'Refonte du site', owner: 'Alice', due: '2026-12-15' },
  { name: 'Application mobile', owner: 'Bruno', due: '2027-02-01' },
  { name: 'Migration comptable', owner: 'Chloé', due: '2027-03-31' },
];

function projects(): Project[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORE) ?? 'null') as Project[] | null;
    return Array.isArray(stored) ? stored : [...EXAMPLES];
  } catch {
    return [...EXAMPLES];
  }
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

let flash = '';

function dashboard(): [string, Node[]] {
  const list = projects();
  return [
    'Tableau de bord',
    [
      el('h1', {}, 'Tableau de bord'),
      el(
        'div',
        { class: 'Grid_root__c1V2b' },
        el(
          'article',
          { class: 'Card_root__x1Y2z' },
          el('h2', {}, 'Projets actifs'),
          el('p', {}, String(list.length)),
        ),
        el(
          'article',
          { class: 'Card_root__x1Y2z' },
          el('h2', {}, 'Prochaine échéance'),
          el('p', {}, list[0]?.due ?? '—'),
        ),
      ),
      el('p', {}, el('a', { href: '/app/projets', class: 'Link_root__l9K0j' }, 'Voir tous les projets')),
    ],
  ];
}

function projectList(): [string, Node[]] {
  const toolbar = el(
    'div',
    { class: 'Toolbar_root__t5Y6u css-5t6y7u' },
    el('h1', {}, 'Projets'),
    el('input', {
      type: 'search',
      placeholder: 'Filtrer les projets',
      'aria-label': 'Filtrer les projets',
      class: 'Filter_input__f9G0h',
    }),
  );
  const extra: Node[] = [];
  if (variant === 'broken') {
    // redesigned: no button in the toolbar any more, a floating action elsewhere with other words
    const action = el(
      'span',
      { role: 'link', tabindex: '0', class: 'Fab_action__q9W8e css-0o9i8u' },
      '＋ Lancer une initiative',
    );
    const go = () => navigate('/app/projets/nouveau');
    action.addEventListener('click', go);
    action.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') go();
    });
    extra.push(el('div', { class: 'Fab_root__f5A6b' }, action));
  } else {
    toolbar.append(
      el(
        'a',
        {
          href: '/app/projets/nouveau',
          class: 'Button_primary__3xYz1 css-4r5t6y',
          id: ':r7:',
          'data-testid': 'new-project',
        },
        'Nouveau projet',
      ),
    );
  }
  toolbar.append(el('button', { type: 'button', class: 'Button_ghost__n5M4q css-7u8i9o' }, 'Exporter'));
  const body = el('tbody');
  for (const project of projects()) {
    body.append(
      el(
        'tr',
        { class: 'Table_row__r4T5y' },
        el('td', {}, project.name),
        el('td', {}, project.owner),
        el('td', {}, project.due),
      ),
    );
  }
  const filter = toolbar.querySelector('input') as HTMLInputElement;
  filter.addEventListener('input', () => {
    for (const row of Array.from(body.rows)) {
      row.hidden = !row.cells[0]?.textContent?.toLowerCase().includes(filter.value.toLowerCase());
    }
  });
  const status = el('p', { role: 'status' }, flash);
  flash = '';
  const table = el(
    'table',
    { class: 'Table_root__t3Y4u' },
    el('thead', {}, el('tr', {}, el('th', {}, 'Nom'), el('th', {}, 'Responsable'), el('th', {}, 'Échéance'))),
    body,
  );
  return ['Projets', [toolbar, status, table, ...extra]];
}

function newProject(): [string, Node[]] {
  const error = el('p', { class: 'Field_error__e1R2t', role: 'alert', hidden: '' });
  const form = el(
    'form',
    { class: 'Form_root__a9S8d sc-bdVaJa', novalidate: '' },
    el('h1', {}, 'Nouveau projet'),
    el(
      'div',
      { class: 'Field_row__h5J4k' },
      el('label', { for: ':r8:' }, 'Nom du projet'),
      el('input', { id: ':r8:', name: 'name', required: '' }),
    ),
    el(
      'div',
      { class: 'Field_row__h5J4k' },
      el('label', { for: ':r9:' }, 'Responsable'),
      el('input', { id: ':r9:', name: 'owner' }),
    ),
    el(
      'div',
      { class: 'Field_row__h5J4k' },
      el('label', { for: ':ra:' }, 'Échéance'),
      el('input', { id: ':ra:', name: 'due', type: 'date' }),
    ),
    error,
    el(
      'div',
      { class: 'Toolbar_root__t5Y6u' },
      el('a', { href: '/app/projets', class: 'Button_ghost__n5M4q css-7u8i9o' }, 'Annuler'),
      el('button', { type: 'submit', class: 'Button_primary__3xYz1 css-4r5t6y' }, 'Créer le projet'),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const name = String(data.get('name') ?? '').trim();
    if (!name) {
      error.textContent = 'Le nom du projet est requis.';
      error.hidden = false;
      return;
    }
    const list = projects();
    list.unshift({
      name,
      owner: String(data.get('owner') ?? '').trim() || 'Moi',
      due: String(data.get('due') ?? '') || '—',
    });
    sessionStorage.setItem(STORE, JSON.stringify(list));
    flash = `Projet « ${name} » créé.`;
    navigate('/app/projets');
  });
  return ['Nouveau projet', [form]];
}

function settings(): [string, Node[]] {
  const tabs = [
    {
      id: 'profil',
      label: 'Profil',
      content: el(
        'div',
        { class: 'Field_row__h5J4k' },
        el('label', { for: ':rb:' }, 'Nom affiché'),
        el('input', { id: ':rb:', name: 'displayName', value: 'Alice' }),
      ),
    },
    {
      id: 'notifications',
      label: 'Notifications',
      content: el(
        'label',
        {},
        el('input', { type: 'checkbox', name: 'digest', checked: '' }),
        ' Résumé hebdomadaire par e-mail',
      ),
    },
  ];
  const list = el('div', { role: 'tablist', 'aria-label': 'Paramètres', class: 'Tabs_list__t1Y2u' });
  const panels: HTMLElement[] = [];
  const select = (index: number, focus = false) => {
    Array.from(list.children).forEach((tab, i) => {
      tab.setAttribute('aria-selected', String(i === index));
      tab.setAttribute('tabindex', i === index ? '0' : '-1');
      if (i === index && focus) (tab as HTMLElement).focus();
      (panels[i] as HTMLElement).hidden = i !== index;
    });
  };
  tabs.forEach((tab, i) => {
    const button = el(
      'button',
      {
        type: 'button',
        role: 'tab',
        id: `onglet-${tab.id}`,
        'aria-controls': `panneau-${tab.id}`,
        class: 'Tabs_tab__b3N4m',
      },
      tab.label,
    );
    button.addEventListener('click', () => select(i));
    button.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowRight') select((i + 1) % tabs.length, true);
      if (event.key === 'ArrowLeft') select((i + tabs.length - 1) % tabs.length, true);
    });
    list.append(button);
    panels.push(
      el(
        'div',
        { role: 'tabpanel', id: `panneau-${tab.id}`, 'aria-labelledby': `onglet-${tab.id}` },
        tab.content,
      ),
    );
  });
  const status = el('p', { role: 'status' });
  const form = el(
    'form',
    { class: 'Form_root__a9S8d' },
    list,
    ...panels,
    el('button', { type: 'submit', class: 'Button_primary__3xYz1 css-4r5t6y' }, 'Enregistrer'),
    status,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    status.textContent = 'Paramètres enregistrés.';
  });
  select(0);
  return ['Paramètres', [el('h1', {}, 'Paramètres'), form]];
}

const ROUTES: Record<string, () => [string, Node[]]> = {
  '/app/': dashboard,
  '/app/projets': projectList,
  '/app/projets/nouveau': newProject,
  '/app/parametres': settings,
};

function render() {
  const trimmed = location.pathname.replace(/\/+$/, '');
  const path = trimmed === '/app' ? '/app/' : trimmed;
  const route = ROUTES[path];
  const [title, nodes] = route ? route() : ['Page introuvable', [el('h1', {}, 'Page introuvable')]];
  view.replaceChildren(...nodes);
  document.title = `${title} — Bocal`;
  for (const link of Array.from(document.querySelectorAll<HTMLAnchorElement>('a[data-route]'))) {
    if (new URL(link.href).pathname === path) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

function navigate(path: string) {
  history.pushState(null, '', path);
  render();
  view.focus();
}

// links inside the application change the route without reloading the page
document.addEventListener('click', (event) => {
  const link = (event.target as Element).closest?.('a');
  if (
    !link ||
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey
  )
    return;
  const url = new URL(link.href);
  if (url.origin !== location.origin || !(url.pathname in ROUTES || url.pathname === '/app')) return;
  event.preventDefault();
  navigate(url.pathname);
});
addEventListener('popstate', render);
render();
