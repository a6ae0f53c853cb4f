// No React here: the step schema, which the extension's scripts use too, reads these.
/**
 * The contract's limits (openapi.yaml), so that a form refuses on the field, in the user's language, what the
 * server would refuse anyway.
 */
export const LIMITS = {
  /** `Email` */
  email: 254,
  /** `NewPassword`, `LoginRequest.password`, `ChangePasswordRequest.currentPassword` */
  password: 200,
  /** `UpdateMeRequest.firstname`, `.lastname` */
  personName: 100,
  /** Project, category name; scenario title */
  name: 200,
  /** Descriptions, summaries */
  text: 5000,
  /** `Site` */
  site: 2048,
  /** `ProjectCreate.sites` */
  sites: 50,
  /** `AssistantQuery.query`, `PublicAssistantQuery.query` */
  query: 500,
} as const;
