import { defineMessage, defineMessages } from 'react-intl';

export const organizationsFailed = defineMessage<{ detail: string }>({
  id: 'app.organizations.loadFailed',
  defaultMessage: 'Impossible de charger les organisations : {detail}',
});

/** Texts the app itself shows (toasts, titles); screen texts live in the ui fragments. */
export const appMessages = defineMessages({
  error: { id: 'app.error.title', defaultMessage: 'Erreur' },
  updateError: { id: 'app.error.update', defaultMessage: 'Erreur de mise à jour' },
  unknownError: { id: 'app.error.unknown', defaultMessage: 'Erreur inconnue' },
  resetFailed: {
    id: 'app.resetPassword.failed',
    defaultMessage: 'Une erreur est survenue lors de la réinitialisation de votre mot de passe.',
  },
  unexpected: { id: 'app.error.unexpected', defaultMessage: 'Une erreur est survenue' },
  unexpectedText: {
    id: 'app.error.retry',
    defaultMessage: 'Veuillez vérifier votre connexion et réessayer.',
  },
  backHome: { id: 'app.error.backHome', defaultMessage: "Retour à l'accueil" },
  titleLogin: { id: 'app.title.login', defaultMessage: 'Connexion' },
  titleRegister: { id: 'app.title.register', defaultMessage: 'Créer un compte' },
  titleRegisterSuccess: { id: 'app.title.registerSuccess', defaultMessage: 'Compte créé' },
  titleForgotPassword: { id: 'app.title.forgotPassword', defaultMessage: 'Mot de passe oublié' },
  titleForgotPasswordSuccess: { id: 'app.title.forgotPasswordSuccess', defaultMessage: 'Email envoyé' },
  titleResetPassword: { id: 'app.title.resetPassword', defaultMessage: 'Nouveau mot de passe' },
  titleResetPasswordSuccess: {
    id: 'app.title.resetPasswordSuccess',
    defaultMessage: 'Mot de passe réinitialisé',
  },
  titleConfirm: { id: 'app.title.confirm', defaultMessage: 'Confirmation du compte' },
  titleAcceptInvitation: { id: 'app.title.acceptInvitation', defaultMessage: 'Invitation' },
  titleDashboard: { id: 'app.title.dashboard', defaultMessage: 'Tableau de bord' },
  titleProjects: { id: 'app.title.projects', defaultMessage: 'Vos projets' },
  titleProject: { id: 'app.title.project', defaultMessage: 'Projet' },
  titleCategory: { id: 'app.title.category', defaultMessage: 'Catégorie' },
  titleScenario: { id: 'app.title.scenario', defaultMessage: 'Guide' },
  titleScenarioNew: { id: 'app.title.scenarioNew', defaultMessage: 'Nouveau guide' },
  titleScenarioEdit: { id: 'app.title.scenarioEdit', defaultMessage: 'Modifier le guide' },
  titleAssistant: { id: 'app.title.assistant', defaultMessage: 'Assistant' },
  titleProfile: { id: 'app.title.profile', defaultMessage: 'Profil' },
  titleTeam: { id: 'app.title.team', defaultMessage: "Gestion d'équipe" },
  titleNotFound: { id: 'app.title.notFound', defaultMessage: 'Page introuvable' },
});

export type AppMessage = keyof typeof appMessages;
