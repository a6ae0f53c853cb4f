// Why find() answered what it did: one stable id per rule (rules.ts), with the status it gives and a short
// description in English and French for guide health to show beside a failing step. The ids are stored with run
// records: never rename one, add a new one.

export type FindStatus = 'found' | 'ambiguous' | 'low-confidence' | 'not-found';

interface ReasonText {
  /** the status (or statuses) this reason comes with */
  status: FindStatus | readonly FindStatus[];
  en: string;
  fr: string;
}

export const FIND_REASONS = {
  'tour-attribute': {
    status: 'found',
    en: 'Found by the attribute the site set for guides (data-tour).',
    fr: "Trouvé grâce à l'attribut que le site a prévu pour les guides (data-tour).",
  },
  'unique-match': {
    status: 'found',
    en: 'Found: clearly closer to the captured element than anything else on the page.',
    fr: "Trouvé : nettement plus proche de l'élément capturé que tout le reste de la page.",
  },
  'only-full-match': {
    status: 'found',
    en: 'Found: the only element that kept every feature of the captured one.',
    fr: "Trouvé : le seul élément qui a gardé toutes les caractéristiques de l'élément capturé.",
  },
  'place-among-copies': {
    status: 'found',
    en: 'Found among identical copies by where it stands (its card, its menu, its group, its row).',
    fr: 'Trouvé parmi des copies identiques grâce à sa place (sa carte, son menu, son groupe, sa ligne).',
  },
  'target-gone': {
    status: 'not-found',
    en: 'Element gone: nothing on the page comes close to it.',
    fr: 'Élément disparu : rien sur la page ne lui ressemble.',
  },
  'features-lost': {
    status: ['not-found', 'low-confidence'],
    en: 'Element gone: the closest one lost most of its features (a neighbour that took its place).',
    fr: 'Élément disparu : le plus proche a perdu la plupart de ses caractéristiques (un voisin a pris sa place).',
  },
  'weak-match': {
    status: 'low-confidence',
    en: 'The closest element shares too little with the captured one.',
    fr: "L'élément le plus proche ressemble trop peu à l'élément capturé.",
  },
  'context-gone': {
    status: 'not-found',
    en: 'Element gone: identical copies remain, but none where it stood (its card, menu, group or row is gone).',
    fr: 'Élément disparu : des copies identiques restent, mais aucune à sa place (sa carte, son menu, son groupe ou sa ligne a disparu).',
  },
  'context-partial': {
    status: 'ambiguous',
    en: 'Several identical elements, none fully where it stood: none can be chosen.',
    fr: 'Plusieurs éléments identiques, aucun tout à fait à sa place : impossible de choisir.',
  },
  'copy-gone': {
    status: 'ambiguous',
    en: 'Several identical elements, one fewer than before where it stood: which one is left cannot be told.',
    fr: "Plusieurs éléments identiques, un de moins qu'avant à sa place : impossible de dire lequel reste.",
  },
  'too-close-to-call': {
    status: 'ambiguous',
    en: 'Several elements match almost equally: none can be chosen.',
    fr: 'Plusieurs éléments correspondent presque autant : impossible de choisir.',
  },
  'copy-elsewhere': {
    status: 'low-confidence',
    en: 'The element had identical copies, and the one left stands in another section.',
    fr: "L'élément avait des copies identiques, et celle qui reste est dans une autre section.",
  },
  'look-alike-gone': {
    status: 'low-confidence',
    en: 'An element like this one disappeared, and the one left does not stand where it stood.',
    fr: "Un élément semblable a disparu, et celui qui reste n'est pas à sa place.",
  },
  'ahead-by-place': {
    status: 'ambiguous',
    en: "The best match is ahead only by its position: maybe a neighbour that took the element's place.",
    fr: "Le meilleur candidat n'est devant que par sa position : peut-être un voisin qui a pris sa place.",
  },
  'copy-in-its-place': {
    status: 'ambiguous',
    en: 'A copy now stands where the element stood, while another is closer by everything else.',
    fr: "Une copie se trouve à sa place, alors qu'un autre élément lui ressemble plus par tout le reste.",
  },
  decoy: {
    status: 'ambiguous',
    en: 'The best match is the element that takes its place when it is removed.',
    fr: "Le meilleur candidat est l'élément qui prend sa place quand il est retiré.",
  },
  'restyled-decoy': {
    status: 'ambiguous',
    en: 'The best match is the element that takes its place when it is removed from a restyled page.',
    fr: "Le meilleur candidat est l'élément qui prend sa place quand il est retiré d'une page restylée.",
  },
  'lacks-a-feature': {
    status: 'ambiguous',
    en: 'The best match has its name but lacks one of its features, while another element has them all.',
    fr: "Le meilleur candidat porte son nom mais a perdu une caractéristique, qu'un autre élément a gardée.",
  },
  'ambiguous-copies': {
    status: 'ambiguous',
    en: 'Several identical elements: the site duplicated it.',
    fr: "Plusieurs éléments identiques : le site l'a dupliqué.",
  },
  hidden: {
    status: 'low-confidence',
    en: 'Found, but hidden on the page.',
    fr: 'Trouvé, mais caché sur la page.',
  },
} as const satisfies Record<string, ReasonText>;

/** The rule that decided a find() answer (FIND_REASONS describes each). */
export type FindReason = keyof typeof FIND_REASONS;
