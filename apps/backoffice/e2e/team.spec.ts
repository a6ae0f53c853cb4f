import { expect, type Page, test } from '@playwright/test';
import {
  confirmedAccount,
  expectNoAxeViolations,
  linkFromMail,
  login,
  mailCount,
  uniqueEmail,
} from './support';

const row = (page: Page, email: string) => page.getByRole('listitem').filter({ hasText: email });

async function openMemberMenu(page: Page, email: string, item: string) {
  await row(page, email)
    .getByRole('button', { name: /^Actions pour/ })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('team: invite (pending apart, resend) → the invitee accepts on the invitation screen and lands in the organization; as Contributor sees the team without actions; role change; removal', async ({
  page,
  browser,
  request,
}) => {
  // The longest journey of the suite: two people, a mail, three dialogs (84 s of the former 90 s once, loaded).
  test.setTimeout(180_000);
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
  // Contributeur is chosen from the start (least privilege): the address is all the button waits for.
  await expect(send).toBeDisabled();
  await expect(dialog.getByRole('radio', { name: /Contributeur/ })).toBeChecked();
  await dialog.getByRole('textbox', { name: /Adresse email/ }).fill(invitee);
  await expect(send).toBeEnabled();
  await send.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Invitation envoyée' })).toBeVisible();
  // Not a member yet: listed apart, and not counted in the team.
  await expect(page.getByRole('heading', { level: 2, name: "Membres de l'équipe (1)" })).toBeVisible();
  const pending = page.getByTestId('pending-invitations');
  await expect(pending.getByRole('heading', { level: 2, name: 'Invitations en attente (1)' })).toBeVisible();
  await expect(row(page, invitee)).toContainText(`Invitation envoyée aujourd’hui par ${admin.email}`);
  await expectNoAxeViolations(page);
  // Resending mails a fresh link (the newest mail's link is the one that works).
  const sentBefore = await mailCount(invitee);
  await pending.getByRole('button', { name: `Renvoyer l'invitation à ${invitee}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Invitation renvoyée' })).toBeVisible();

  // The mail's link leads back to this very back-office, to the invitation's own screen.
  const link = await linkFromMail(invitee, '/auth/accept-invitation', sentBefore);
  expect(link.origin).toBe(new URL(page.url()).origin);
  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await inviteePage.goto(link.pathname + link.search);
  await expect(inviteePage.getByRole('heading', { level: 1, name: /^Rejoindre / })).toBeVisible();
  await expect(inviteePage.getByTestId('accept-invitation')).toContainText(
    `${admin.email} vous invite à rejoindre`,
  );
  await expect(inviteePage.getByTestId('accept-invitation')).toContainText('en tant que Contributeur.');
  await expect(inviteePage.getByText(`Invitation pour ${invitee}`)).toBeVisible();
  await expectNoAxeViolations(inviteePage);
  const password = 'invitee secret 1';
  await inviteePage.getByLabel('Choisissez un mot de passe').fill(password);
  await inviteePage.getByLabel('Confirmer le mot de passe').fill(password);
  await inviteePage.getByRole('button', { name: "Rejoindre l'organisation" }).click();
  // Straight into the inviting organization.
  await expect(inviteePage).toHaveURL(/\/app\/dashboard$/);
  const adminOrganization = await page.evaluate(() => localStorage.getItem('organizationId'));
  expect(await inviteePage.evaluate(() => localStorage.getItem('organizationId'))).toBe(adminOrganization);
  // Spec §2: the team page is every member's; the invite, edit and remove actions are the Admins'.
  await inviteePage.goto('/app/team');
  await expect(inviteePage.getByRole('heading', { level: 1, name: "Gestion d'équipe" })).toBeVisible();
  await expect(inviteePage.getByRole('heading', { level: 2, name: "Membres de l'équipe (2)" })).toBeVisible();
  await expect(row(inviteePage, invitee)).toContainText(/Actif aujourd.hui · Rejoint aujourd.hui/);
  await expect(inviteePage.getByRole('button', { name: 'Inviter un membre' })).toHaveCount(0);
  await expect(inviteePage.getByRole('button', { name: /^Actions pour/ })).toHaveCount(0);
  await expectNoAxeViolations(inviteePage);
  await inviteeContext.close();

  // Back as the Admin: the invitee is a member now, no longer an invitation.
  await page.reload();
  await expect(page.getByRole('button', { name: `Menu utilisateur ${admin.email}` })).toBeVisible();
  await expect(row(page, invitee).getByText('Contributeur')).toBeVisible();
  await expect(page.getByTestId('pending-invitations')).toHaveCount(0);

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
  await expect(page.getByRole('status').filter({ hasText: 'Rôle mis à jour' })).toBeVisible();
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
  await expect(page.getByRole('status').filter({ hasText: "Membre retiré de l'équipe" })).toBeVisible();
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
