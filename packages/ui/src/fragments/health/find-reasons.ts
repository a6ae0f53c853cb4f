// Why the player could not find a step's target, in guide health's words: the finder's own sentences
// (packages/player's FIND_REASONS, held equal by find-reasons.test.ts), as messages so they go through the catalogues.
import type { FindReason } from '@mulot/player';
import { defineMessages, type MessageDescriptor } from 'react-intl';

export const findReasonMessages = defineMessages({
  'tour-attribute': {
    id: 'health.reason.tour-attribute',
    defaultMessage: "Trouvé grâce à l'attribut que le site a prévu pour les guides (data-tour).",
  },
  'unique-match': {
    id: 'health.reason.unique-match',
    defaultMessage: "Trouvé : nettement plus proche de l'élément capturé que tout le reste de la page.",
  },
  'only-full-match': {
    id: 'health.reason.only-full-match',
    defaultMessage: "Trouvé : le seul élément qui a gardé toutes les caractéristiques de l'élément capturé.",
  },
  'place-among-copies': {
    id: 'health.reason.place-among-copies',
    defaultMessage:
      'Trouvé parmi des copies identiques grâce à sa place (sa carte, son menu, son groupe, sa ligne).',
  },
  'target-gone': {
    id: 'health.reason.target-gone',
    defaultMessage: 'Élément disparu : rien sur la page ne lui ressemble.',
  },
  'features-lost': {
    id: 'health.reason.features-lost',
    defaultMessage:
      'Élément disparu : le plus proche a perdu la plupart de ses caractéristiques (un voisin a pris sa place).',
  },
  'weak-match': {
    id: 'health.reason.weak-match',
    defaultMessage: "L'élément le plus proche ressemble trop peu à l'élément capturé.",
  },
  'context-gone': {
    id: 'health.reason.context-gone',
    defaultMessage:
      'Élément disparu : des copies identiques restent, mais aucune à sa place (sa carte, son menu, son groupe ou sa ligne a disparu).',
  },
  'context-partial': {
    id: 'health.reason.context-partial',
    defaultMessage: 'Plusieurs éléments identiques, aucun tout à fait à sa place : impossible de choisir.',
  },
  'copy-gone': {
    id: 'health.reason.copy-gone',
    defaultMessage:
      "Plusieurs éléments identiques, un de moins qu'avant à sa place : impossible de dire lequel reste.",
  },
  'too-close-to-call': {
    id: 'health.reason.too-close-to-call',
    defaultMessage: 'Plusieurs éléments correspondent presque autant : impossible de choisir.',
  },
  'copy-elsewhere': {
    id: 'health.reason.copy-elsewhere',
    defaultMessage: "L'élément avait des copies identiques, et celle qui reste est dans une autre section.",
  },
  'look-alike-gone': {
    id: 'health.reason.look-alike-gone',
    defaultMessage: "Un élément semblable a disparu, et celui qui reste n'est pas à sa place.",
  },
  'ahead-by-place': {
    id: 'health.reason.ahead-by-place',
    defaultMessage:
      "Le meilleur candidat n'est devant que par sa position : peut-être un voisin qui a pris sa place.",
  },
  'copy-in-its-place': {
    id: 'health.reason.copy-in-its-place',
    defaultMessage:
      "Une copie se trouve à sa place, alors qu'un autre élément lui ressemble plus par tout le reste.",
  },
  decoy: {
    id: 'health.reason.decoy',
    defaultMessage: "Le meilleur candidat est l'élément qui prend sa place quand il est retiré.",
  },
  'restyled-decoy': {
    id: 'health.reason.restyled-decoy',
    defaultMessage:
      "Le meilleur candidat est l'élément qui prend sa place quand il est retiré d'une page restylée.",
  },
  'lacks-a-feature': {
    id: 'health.reason.lacks-a-feature',
    defaultMessage:
      "Le meilleur candidat porte son nom mais a perdu une caractéristique, qu'un autre élément a gardée.",
  },
  'ambiguous-copies': {
    id: 'health.reason.ambiguous-copies',
    defaultMessage: "Plusieurs éléments identiques : le site l'a dupliqué.",
  },
  hidden: { id: 'health.reason.hidden', defaultMessage: 'Trouvé, mais caché sur la page.' },
}) satisfies Record<FindReason, MessageDescriptor>;
