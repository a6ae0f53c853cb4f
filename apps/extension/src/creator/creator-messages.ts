import { defineMessages } from 'react-intl';

export const messages = defineMessages({
  panel: { id: 'extension.panel.creator', defaultMessage: 'Mulot — création de guide' },
  error: { id: 'app.error.unexpected', defaultMessage: 'Une erreur est survenue' },
  network: { id: 'app.error.retry', defaultMessage: 'Veuillez vérifier votre connexion et réessayer.' },
  scenarioError: {
    id: 'extension.creator.scenarioError',
    defaultMessage: 'Impossible de charger les informations du scénario.',
  },
  loading: { id: 'ui.spinner.label', defaultMessage: 'Chargement...' },
  newGuide: { id: 'app.guide.newTitle', defaultMessage: 'Nouveau guide' },
  steps: { id: 'app.scenario.steps', defaultMessage: 'Étapes' },
  add: { id: 'extension.steps.add', defaultMessage: 'Ajouter une étape' },
  finish: { id: 'runner.finish', defaultMessage: 'Terminer' },
  deleted: { id: 'extension.steps.deleted', defaultMessage: 'Étape supprimée' },
  created: { id: 'runner.step.added', defaultMessage: 'Étape ajoutée avec succès' },
  updated: { id: 'runner.step.updated', defaultMessage: 'Étape mise à jour avec succès' },
  screenshotFailed: {
    id: 'extension.step.screenshotFailed',
    defaultMessage: "Étape enregistrée, mais la capture d'écran a échoué.",
  },
  stale: {
    id: 'extension.steps.stale',
    defaultMessage:
      "Ce guide a été modifié par quelqu'un d'autre entre-temps. Il a été rechargé ; vos modifications n'ont pas été enregistrées.",
  },
  prerequisitesSaved: { id: 'app.scenario.prerequisitesSaved', defaultMessage: 'Prérequis enregistrés' },
  startRuleSaved: { id: 'app.scenario.startRuleSaved', defaultMessage: 'Démarrage du guide enregistré' },
  startRuleLoadError: {
    id: 'app.scenario.loadStartRuleFailed',
    defaultMessage: 'Impossible de charger le démarrage du guide.',
  },
});
