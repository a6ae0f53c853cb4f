import { defineMessage, defineMessages } from 'react-intl';

export const sitesMessage = defineMessage<{ sites: string }>({
  id: 'app.project.sites',
  defaultMessage: 'Sites : {sites}',
});

export const launchedMessage = defineMessage<{ url: string }>({
  id: 'app.scenario.launched',
  defaultMessage: "L'extension s'ouvre sur {url}",
});

/** Texts of the content screens that belong to the page, not to a fragment. */
export const contentMessages = defineMessages({
  projectsTitle: { id: 'app.projects.title', defaultMessage: 'Vos projets' },
  projectsDescription: {
    id: 'app.projects.description',
    defaultMessage: 'Organisez vos guides par projet, puis par catégorie.',
  },
  newProject: { id: 'app.projects.new', defaultMessage: 'Nouveau projet' },
  searchProjects: { id: 'app.projects.search', defaultMessage: 'Rechercher un projet' },
  searchProjectsPlaceholder: {
    id: 'app.projects.searchPlaceholder',
    defaultMessage: 'Rechercher par nom ou description',
  },
  loadingProjects: { id: 'app.projects.loading', defaultMessage: 'Chargement des projets' },
  noProject: { id: 'app.projects.empty', defaultMessage: 'Aucun projet' },
  noProjectDescription: {
    id: 'app.projects.emptyDescription',
    defaultMessage: 'Créez votre premier projet pour commencer à rédiger des guides.',
  },
  projectsList: { id: 'app.projects.list', defaultMessage: 'Liste des projets' },
  showMore: { id: 'app.projects.showMore', defaultMessage: 'Voir plus' },
  projectCreated: { id: 'app.projects.created', defaultMessage: 'Projet créé' },
  projectUpdated: { id: 'app.projects.updated', defaultMessage: 'Projet mis à jour' },
  projectDeleted: { id: 'app.projects.deleted', defaultMessage: 'Projet supprimé' },
  siteKeyRotated: {
    id: 'app.project.siteKeyRotated',
    defaultMessage: 'Clé de site changée : collez le nouvel extrait dans vos pages',
  },

  newCategory: { id: 'app.project.newCategory', defaultMessage: 'Nouvelle catégorie' },
  editProject: { id: 'app.project.edit', defaultMessage: 'Modifier le projet' },
  searchCategories: { id: 'app.project.search', defaultMessage: 'Rechercher une catégorie' },
  loadingCategories: { id: 'app.project.loading', defaultMessage: 'Chargement des catégories' },
  noCategory: { id: 'app.project.empty', defaultMessage: 'Aucune catégorie' },
  noCategoryDescription: {
    id: 'app.project.emptyDescription',
    defaultMessage: 'Créez une catégorie pour y ranger les guides de ce projet.',
  },
  noSites: { id: 'app.project.noSites', defaultMessage: 'Aucun site configuré' },
  categoryCreated: { id: 'app.project.categoryCreated', defaultMessage: 'Catégorie créée' },
  categoryUpdated: { id: 'app.project.categoryUpdated', defaultMessage: 'Catégorie mise à jour' },
  categoryDeleted: { id: 'app.project.categoryDeleted', defaultMessage: 'Catégorie supprimée' },

  newGuide: { id: 'app.category.newGuide', defaultMessage: 'Créer un guide' },
  newGuideNeedsSite: {
    id: 'app.category.newGuideNeedsSite',
    defaultMessage: 'Ajoutez un site au projet pour pouvoir créer un guide.',
  },
  deleteCategory: { id: 'app.category.delete', defaultMessage: 'Supprimer la catégorie' },
  searchGuides: { id: 'app.category.search', defaultMessage: 'Rechercher un guide' },
  loadingGuides: { id: 'app.category.loading', defaultMessage: 'Chargement des guides' },
  noGuide: { id: 'app.category.empty', defaultMessage: 'Aucun guide' },
  noGuideDescription: {
    id: 'app.category.emptyDescription',
    defaultMessage: 'Créez le premier guide de cette catégorie.',
  },
  guideDeleted: { id: 'app.category.guideDeleted', defaultMessage: 'Guide supprimé' },

  launch: { id: 'app.scenario.launch', defaultMessage: 'Lancer' },
  editSteps: { id: 'app.scenario.editSteps', defaultMessage: 'Éditer les étapes' },
  addSteps: { id: 'app.scenario.addSteps', defaultMessage: 'Ajouter des étapes' },
  edit: { id: 'app.scenario.edit', defaultMessage: 'Modifier' },
  delete: { id: 'app.scenario.delete', defaultMessage: 'Supprimer' },
  summary: { id: 'app.scenario.summary', defaultMessage: 'Résumé' },
  userDescription: { id: 'app.scenario.userDescription', defaultMessage: "Description pour l'utilisateur" },
  llmSummary: { id: 'app.scenario.llmSummary', defaultMessage: 'Résumé pour le modèle' },
  steps: { id: 'app.scenario.steps', defaultMessage: 'Étapes' },
  published: { id: 'app.scenario.published', defaultMessage: 'Guide publié' },
  unpublished: { id: 'app.scenario.unpublished', defaultMessage: 'Guide mis en brouillon' },
  prerequisitesSaved: { id: 'app.scenario.prerequisitesSaved', defaultMessage: 'Prérequis enregistrés' },
  startRuleSaved: { id: 'app.scenario.startRuleSaved', defaultMessage: 'Démarrage du guide enregistré' },
  loadStartRuleFailed: {
    id: 'app.scenario.loadStartRuleFailed',
    defaultMessage: 'Impossible de charger le démarrage du guide.',
  },
  loadScenarioFailed: { id: 'app.scenario.loadFailed', defaultMessage: 'Impossible de charger le guide' },
  stepDetailsFailed: {
    id: 'app.scenario.stepDetailsFailed',
    defaultMessage: "Impossible de charger les détails de l'étape.",
  },
  noStep: { id: 'app.scenario.noStep', defaultMessage: 'Ce guide ne contient aucune étape' },
  noSite: { id: 'app.scenario.noSite', defaultMessage: "Aucun site n'est configuré pour ce projet." },
  // Spec §8 "missing step url and no project site".
  noStepUrl: {
    id: 'app.scenario.noStepUrl',
    defaultMessage: "Cette étape n'a pas d'URL et aucun site n'est configuré pour ce projet.",
  },
  noLaunchTarget: {
    id: 'app.scenario.noLaunchTarget',
    defaultMessage: 'Aucun guide à ouvrir : rechargez la page et réessayez.',
  },
  noLaunchSession: {
    id: 'app.scenario.noLaunchSession',
    defaultMessage: 'Votre session a expiré : reconnectez-vous pour lancer le guide.',
  },
  launchFailed: { id: 'app.scenario.launchFailed', defaultMessage: "Impossible de lancer l'extension" },

  newGuideTitle: { id: 'app.guide.newTitle', defaultMessage: 'Nouveau guide' },
  newGuideDescription: {
    id: 'app.guide.newDescription',
    defaultMessage: 'Décrivez le guide, puis enregistrez ses étapes avec l’extension.',
  },
  editGuideTitle: { id: 'app.guide.editTitle', defaultMessage: 'Modifier le guide' },
  guideCreated: { id: 'app.guide.created', defaultMessage: 'Guide créé' },
  guideUpdated: { id: 'app.guide.updated', defaultMessage: 'Guide mis à jour' },
  staleGuide: {
    id: 'app.guide.stale',
    defaultMessage: "Ce guide a été modifié par quelqu'un d'autre entre-temps.",
  },
  staleGuideReloaded: {
    id: 'app.guide.staleReloaded',
    defaultMessage:
      "Il a été rechargé avec ses dernières modifications ; les vôtres n'ont pas été enregistrées. Refaites-les si besoin.",
  },
});
