// Behaviour shared by every page of the demo site: the "Ressources" menu, the subscription modal of the
// pricing page and the contact form.
import { currentVariant } from './variant.js';

document.documentElement.dataset.variant = currentVariant();

function setupMenu() {
  const button = document.querySelector<HTMLButtonElement>('[aria-controls="menu-ressources"]');
  const menu = document.getElementById('menu-ressources');
  if (!button || !menu) return;
  const open = (value: boolean) => {
    button.setAttribute('aria-expanded', String(value));
    menu.hidden = !value;
  };
  button.addEventListener('click', () => open(!!menu.hidden));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !menu.hidden) {
      open(false);
      button.focus();
    }
  });
  document.addEventListener('click', (event) => {
    if (!menu.hidden && !button.parentElement?.contains(event.target as Node)) open(false);
  });
}

function setupSubscription() {
  const dialog = document.getElementById('souscription') as HTMLDialogElement | null;
  const offer = document.getElementById('souscription-offre');
  const status = document.getElementById('souscription-statut');
  if (!dialog || !offer || !status) return;
  let plan = '';
  for (const button of Array.from(document.querySelectorAll<HTMLButtonElement>('button[data-plan]'))) {
    button.addEventListener('click', () => {
      plan = button.dataset.plan ?? '';
      offer.textContent = `Offre choisie : ${plan}`;
      dialog.returnValue = '';
      dialog.showModal();
    });
  }
  dialog.addEventListener('close', () => {
    if (dialog.returnValue === 'confirm') {
      status.textContent = `Merci ! Votre demande pour l’offre ${plan} a bien été enregistrée.`;
    }
  });
}

function setupContact() {
  const form = document.getElementById('contact-form') as HTMLFormElement | null;
  const error = document.getElementById('contact-erreur');
  const thanks = document.getElementById('contact-merci');
  if (!form || !error || !thanks) return;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const missing: string[] = [];
    if (!String(data.get('name') ?? '').trim()) missing.push('le nom');
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(String(data.get('email') ?? '')))
      missing.push('une adresse e-mail valide');
    if (!String(data.get('message') ?? '').trim()) missing.push('le message');
    if (!data.get('consent')) missing.push('votre accord pour être recontacté');
    if (missing.length) {
      error.textContent = `Veuillez renseigner ${missing.join(', ')}.`;
      error.hidden = false;
      return;
    }
    error.hidden = true;
    form.hidden = true;
    thanks.hidden = false;
  });
}

setupMenu();
setupSubscription();
setupContact();
