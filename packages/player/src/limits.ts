// The finder's limits: every threshold find() and its rules compare against, named once. Each was read on the bench's
// tuning split (docs/experiments/); a change here is a change of behaviour, to be measured there first.

/**
 * Below this confidence the best candidate is reported as "low-confidence", unless it is the only plausible element
 * and keeps every feature of the target.
 */
export const MIN_CONFIDENCE = 0.45;

/** Found, but weakly: worth reporting to the guide's author (guide health). */
export const DEGRADED_CONFIDENCE = 0.7;

export const LIMITS = {
  /** under this confidence the best candidate has too little in common with the target to be worth mentioning */
  notFound: 0.3,
  /** two candidates closer than this share of the highest possible score cannot be told apart */
  margin: 0.07,
  /** share of the target's own features a candidate must keep: below it, the target is gone and this is a neighbour */
  minIdentity: 0.5,
  /** …and more when its name is not the target's (another word, or none): its other features must make up for it */
  minIdentityRenamed: 0.6,
  /**
   * a match at least this close is the same thing: a feature another element shows nearly as well is shared, a name
   * this alike is the target's (re-cased, a word added), a title or nearby text this alike is the same one
   */
  same: 0.8,
  /** keeping under this share of the target's own features, a candidate ahead by its place alone may be a neighbour */
  mostFeatures: 0.9,
  /** keeping at least this share, a candidate keeps every feature of the target (sums of weights are not exact) */
  everyFeature: 0.99,
  /** share of its surroundings a candidate must keep when one of the elements like the target vanished */
  vanishedSurroundings: 0.6,
  /** how many of the best elements by their own features get their surroundings compared… */
  shortlist: 10,
  /** …with the elements nearly as good as the last of them (this share of its score)… */
  nearlyAsGood: 0.8,
  /** …up to this many in all, or this many of those that keep enough of the target's own features to be claimed */
  shortlistMax: 20,
  shortlistClaimable: 100,
  /** an ancestor at least this like a captured one is that ancestor (wrappers added around it or not) */
  sameAncestor: 0.5,
  /** how many ancestors a redeploy may have added between two captured ones */
  addedWrappers: 4,
  /**
   * a list whose other items hold this share of the words the target's list's other items held is its list (a
   * redeploy rewords some, adds look-alikes): whether it stands in its list, not how little the list changed
   */
  samePeers: 0.5,
  /** a surrounding this close on a candidate counts as shared with it when weighing how distinctive it is */
  sharedSurrounding: 0.5,
  /** a hidden candidate (a template, a closed menu) keeps this share of its score, among the best few… */
  hidden: 0.6,
  hiddenChecked: 4,
  /** the lead an element named by another through the target's id gets, in margins: it breaks ties, no more */
  linked: 1.5,
  /**
   * a copy whose item holds this share of the words that told the target's item from its copies' at capture is
   * told by them, when it is the only one…
   */
  heldWords: 0.5,
  /**
   * …and gains this lead, in margins: a clear lead (clearLead), as its item's words, which move with it, outweigh the
   * positions a re-order hands to another copy
   */
  itemWords: 3,
  /** a lead over the next candidate of this many margins is a clear one: the reported confidence keeps its share */
  clearLead: 3,
} as const;
