// prerequisites: what a scenario asks of the user before it starts (free text, or another scenario to play first).
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import type { Schemas } from '../types.ts';

export async function prerequisiteBodies(db: Db, organizationId: string, scenarioId: string) {
  const rows = await db
    .selectFrom('prerequisites')
    .leftJoin('scenarios as required', 'required.id', 'prerequisites.required_scenario_id')
    .select([
      'prerequisites.id',
      'prerequisites.text',
      'prerequisites.required_scenario_id',
      'required.title as required_title',
      'required.status as required_status',
    ])
    .where('prerequisites.organization_id', '=', organizationId)
    .where('prerequisites.scenario_id', '=', scenarioId)
    .orderBy('prerequisites.position')
    .execute();
  return rows.map((r): Schemas['Prerequisite'] => ({
    id: r.id,
    text: r.text,
    scenarioId: r.required_scenario_id,
    scenario:
      r.required_scenario_id && r.required_title && r.required_status
        ? { id: r.required_scenario_id, title: r.required_title, status: r.required_status }
        : null,
  }));
}

/** Replaces the scenario's whole list, in the order given. */
export async function replacePrerequisites(
  trx: Db,
  organizationId: string,
  scenarioId: string,
  items: Schemas['PrerequisiteInput'][],
): Promise<void> {
  await trx.deleteFrom('prerequisites').where('scenario_id', '=', scenarioId).execute();
  if (items.length > 0) {
    await trx
      .insertInto('prerequisites')
      .values(
        items.map((p, index) => ({
          id: randomUUID(),
          organization_id: organizationId,
          scenario_id: scenarioId,
          position: index + 1,
          text: p.text,
          required_scenario_id: p.scenarioId ?? null,
        })),
      )
      .execute();
  }
}
