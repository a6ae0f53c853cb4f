import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Locale } from './problems.ts';

export interface Mail {
  /** The outbox row's id, sent as the Message-ID so a copy sent twice is recognisable. */
  id?: string;
  to: string;
  subject: string;
  text: string;
  /** The link the mail carries, logged in development so an account can be confirmed without a mail server. */
  link: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

const messageId = (mail: Mail) => (mail.id ? `<${mail.id}@mulot.outbox>` : undefined);

/** SMTP when SMTP_URL is set; otherwise .eml files under DATA_DIR/mail and the link in the log. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    // Bounded waits: an unreachable mail server must not hold a request for minutes.
    const transport: Transporter = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      async send(mail) {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          messageId: messageId(mail),
        });
      },
      close: () => transport.close(),
    };
  }
  const dir = join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: messageId(mail),
      });
      mkdirSync(dir, { recursive: true });
      const file = join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      options.log.info({ to: mail.to, file, link: mail.link }, `mail written (no SMTP_URL): ${mail.subject}`);
    },
    close: () => transport.close(),
  };
}

// ── the mails, in the request's language ──

export function confirmationMail(locale: Locale, to: string, link: string): Mail {
  return locale === 'en'
    ? {
        to,
        link,
        subject: 'Activate your Mulot account',
        text: `Welcome to Mulot!\n\nTo activate your account, open this link:\n${link}\n\nIf you did not create an account, ignore this email.\n`,
      }
    : {
        to,
        link,
        subject: 'Activez votre compte Mulot',
        text: `Bienvenue sur Mulot !\n\nPour activer votre compte, ouvrez ce lien :\n${link}\n\nSi vous n'avez pas créé de compte, ignorez cet email.\n`,
      };
}

export function resetMail(locale: Locale, to: string, link: string): Mail {
  return locale === 'en'
    ? {
        to,
        link,
        subject: 'Reset your Mulot password',
        text: `To choose a new password, open this link (valid for one hour):\n${link}\n\nIf you did not ask for it, ignore this email: your password stays the same.\n`,
      }
    : {
        to,
        link,
        subject: 'Réinitialisez votre mot de passe Mulot',
        text: `Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure) :\n${link}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez cet email : votre mot de passe reste inchangé.\n`,
      };
}

/**
 * Someone tried to create an account with an address that has one (issue 40): the register answer says nothing
 * (it is the same as for a new account), so the owner alone learns it, with the ways back into the account.
 */
export function registrationAttemptMail(
  locale: Locale,
  to: string,
  loginLink: string,
  forgotLink: string,
): Mail {
  return locale === 'en'
    ? {
        to,
        link: forgotLink,
        subject: 'Someone tried to create a Mulot account with your email',
        text: `Someone just tried to create a Mulot account with this email address. You already have one, so nothing was created.\n\nIf it was you, sign in:\n${loginLink}\n\nForgot your password? Choose a new one here:\n${forgotLink}\n\nIf it was not you, ignore this email: your account has not changed.\n`,
      }
    : {
        to,
        link: forgotLink,
        subject: 'Tentative de création de compte Mulot avec votre email',
        text: `Quelqu'un vient d'essayer de créer un compte Mulot avec cette adresse email. Vous en avez déjà un : rien n'a été créé.\n\nSi c'était vous, connectez-vous :\n${loginLink}\n\nMot de passe oublié ? Choisissez-en un nouveau ici :\n${forgotLink}\n\nSi ce n'était pas vous, ignorez cet email : votre compte n'a pas changé.\n`,
      };
}

/** `inviter`: how the invitation names who sent it (their name, or their email when they have not set one). */
export function invitationMail(
  locale: Locale,
  to: string,
  organization: string,
  inviter: string,
  link: string,
): Mail {
  return locale === 'en'
    ? {
        to,
        link,
        subject: `You are invited to ${organization} on Mulot`,
        text: `${inviter} invites you to join ${organization} on Mulot.\n\nTo accept, choose your password with this link (valid for 7 days):\n${link}\n`,
      }
    : {
        to,
        link,
        subject: `Invitation à rejoindre ${organization} sur Mulot`,
        text: `${inviter} vous invite à rejoindre ${organization} sur Mulot.\n\nPour accepter, choisissez votre mot de passe avec ce lien (valable 7 jours) :\n${link}\n`,
      };
}

/** An invitation to someone who already has an account: nothing changes until they accept it (issue 37). */
export function accountInvitationMail(
  locale: Locale,
  to: string,
  organization: string,
  inviter: string,
  link: string,
): Mail {
  return locale === 'en'
    ? {
        to,
        link,
        subject: `You are invited to ${organization} on Mulot`,
        text: `${inviter} invites you to join ${organization} on Mulot.\n\nTo accept or refuse, sign in with this link (valid for 7 days):\n${link}\n`,
      }
    : {
        to,
        link,
        subject: `Invitation à rejoindre ${organization} sur Mulot`,
        text: `${inviter} vous invite à rejoindre ${organization} sur Mulot.\n\nPour accepter ou refuser, connectez-vous avec ce lien (valable 7 jours) :\n${link}\n`,
      };
}
