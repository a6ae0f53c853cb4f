import { expect, type Page, test } from '@playwright/test';
import { confirmedAccount, expectNoAxeViolations, linkFromMail, login, uniqueEmail } from './support';

const row = (page: Page, email: string) => page.getByRole('listitem').filter({ hasText: email });

async function openMemberMenu(page: Page, email: string, item: string) {
  await row(page, email)
    .getByRole('button', { name: /^Actions pour/ })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('team: invite → the invitee sets a password from the mail and, as Contributor, sees no team action; role change; removal', async ({
  page,
  browser,
  request,
}) => {
  // The longest journey of the suite: two people, a mail, three dialogs.
  test.setTimeout(90_000);
  const admin = await confirmedAccount(request, 'team-admin');
  await login(page, admin.email, admin.password);
  await page.goto('/app/team');
  await expect(page.getByRole('heading', { level: 1, name: "Gestion d'équipe" })).toBeVisible();
  await expect(page.getByText('Invitez et gérez les membres de votre organisation')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: "Membres de l'équipe (1)" })).toBeVisible();
  await expect(row(page, admin.email).getByText('Administrateur')).toBeVisible();

  // Invite: send stays disabled until both the email and the role are given.
  const invitee = uniqueEmail('invitee');
  await page.getByRole('button', { name: 'Inviter un membre' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inviter un nouveau membre' });
  const send = dialog.getByRole('button', { name: "Envoyer l'invitation" });
  await expect(send).toBeDisabled();
  await dialog.getByRole('textbox', { name: /Adresse email/ }).fill(invitee);
  await expect(send).toBeDisabled();
  await dialog.getByText('Contributeur', { exact: true }).click();
  await send.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: "Membres de l'équipe (2)" })).toBeVisible();
  await expect(row(page, invitee).getByText('Invitation en attente')).toBeVisible();
  await expectNoAxeViolations(page);

  // The mail's link leads back to this very back-office (rootRedirect = the page's origin).
  const link = await linkFromMail(invitee, '/auth/reset-password');
  expect(link.origin).toBe(new URL(page.url()).origin);
  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await inviteePage.goto(link.pathname + link.search);
  const password = 'invitee secret 1';
  await inviteePage.getByLabel('Nouveau mot de passe').fill(password);
  await inviteePage.getByLabel('Confirmer le mot de passe').fill(password);
  await inviteePage.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
  await expect(inviteePage).toHaveURL(/\/auth\/reset-password-success$/);
  await login(inviteePage, invitee, password);
  await inviteePage.goto('/app/team');
  await expect(inviteePage.getByRole('heading', { level: 1, name: "Gestion d'équipe" })).toBeVisible();
  await expect(
    inviteePage.getByRole('heading', { name: 'Liste réservée aux administrateurs' }),
  ).toBeVisible();
  await expect(inviteePage.getByRole('button', { name: 'Inviter un membre' })).toHaveCount(0);
  await expect(inviteePage.getByRole('button', { name: /^Actions pour/ })).toHaveCount(0);
  await expectNoAxeViolations(inviteePage);
  await inviteeContext.close();

  // Back as the Admin: the invitee has set a password, so the row is no longer pending.
  await page.reload();
  await expect(page.getByRole('button', { name: `Menu utilisateur ${admin.email}` })).toBeVisible();
  await expect(row(page, invitee).getByText('Contributeur')).toBeVisible();
  await expect(row(page, invitee).getByText('Invitation en attente')).toHaveCount(0);

  // Role change: pre-filled with the current role; update only once it differs.
  await openMemberMenu(page, invitee, 'Modifier le rôle');
  const edit = page.getByRole('dialog', { name: 'Modifier le rôle' });
  await expect(edit.getByText(invitee, { exact: true })).toBeVisible();
  await expect(edit.getByRole('radio', { name: /Contributeur/ })).toBeChecked();
  const update = edit.getByRole('button', { name: 'Mettre à jour le rôle' });
  await expect(update).toBeDisabled();
  await edit.getByText('Administrateur', { exact: true }).click();
  await update.click();
  await expect(edit).toBeHidden();
  await expect(row(page, invitee).getByText('Administrateur')).toBeVisible();

  // Removal is permanent and asked for first.
  await openMemberMenu(page, invitee, "Retirer de l'équipe");
  const remove = page.getByRole('alertdialog', { name: 'Supprimer le rôle' });
  await expect(
    remove.getByText(
      `Êtes-vous sûr de vouloir supprimer ${invitee} de cette organisation ? Cette action est irréversible.`,
    ),
  ).toBeVisible();
  await expect(
    remove.getByText("Cette action supprimera définitivement le membre de l'organisation."),
  ).toBeVisible();
  await remove.getByRole('button', { name: 'Supprimer le membre' }).click();
  await expect(remove).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: "Membres de l'équipe (1)" })).toBeVisible();
  await expect(row(page, invitee)).toHaveCount(0);
});

test('team: a refused role change shows the server message in red in the dialog, which stays open', async ({
  page,
  request,
}) => {
  const admin = await confirmedAccount(request, 'team-last');
  await login(page, admin.email, admin.password);
  await page.goto('/app/team');
  // The only Admin cannot demote themselves (409 last-admin).
  await openMemberMenu(page, admin.email, 'Modifier le rôle');
  const edit = page.getByRole('dialog', { name: 'Modifier le rôle' });
  await edit.getByText('Contributeur', { exact: true }).click();
  await edit.getByRole('button', { name: 'Mettre à jour le rôle' }).click();
  const alert = edit.getByRole('alert');
  await expect(alert).not.toBeEmpty();
  await expect(alert).toHaveCSS('color', /rgb\((18[0-9]|19[0-9]|2[0-9]{2}), \d{1,2}, \d{1,2}\)/);
  await expect(edit).toBeVisible();
  await expectNoAxeViolations(page);
  // Escape closes it; opening it again starts without the old failure.
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await openMemberMenu(page, admin.email, 'Modifier le rôle');
  await expect(page.getByRole('dialog', { name: 'Modifier le rôle' }).getByRole('alert')).toHaveCount(0);
});
