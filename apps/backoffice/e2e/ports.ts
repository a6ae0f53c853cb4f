// The product's and the mailbox's ports for the end-to-end run. Below Linux's ephemeral range (32768–60999): a fixed
// port inside it can be taken at random by an outgoing connection of a suite running alongside (it was, once, in CI).
export const port = Number(process.env.E2E_PORT ?? 28417);
export const mailPort = Number(process.env.E2E_MAIL_PORT ?? 28418);
