import type { Db } from './db/index.ts';
import type { ImageType } from './db/schema.ts';

export interface StoredImage {
  contentType: ImageType;
  data: Buffer;
}

/**
 * Where screenshot bytes live. The local default keeps them in the database (one backup holds everything);
 * a deployment at scale swaps in S3-compatible object storage behind the same interface.
 * Deleting a step deletes its screenshot row by cascade in the same transaction.
 */
export interface ScreenshotStorage {
  put(organizationId: string, stepId: string, image: StoredImage): Promise<void>;
  get(organizationId: string, stepId: string): Promise<StoredImage | null>;
  delete(organizationId: string, stepId: string): Promise<boolean>;
  /** The page as the end user saw it when a step of their run failed (one per run step issue). */
  putIssue(organizationId: string, issueId: string, image: StoredImage): Promise<void>;
  getIssue(organizationId: string, issueId: string): Promise<StoredImage | null>;
}

// Step screenshots and run issue screenshots are stored alike, in their own tables.
function imageColumns(image: StoredImage) {
  return { content_type: image.contentType, size: image.data.length, data: image.data };
}

function storedImage(row: { content_type: ImageType; data: Uint8Array }): StoredImage {
  return { contentType: row.content_type, data: Buffer.from(row.data) };
}

export class DatabaseScreenshotStorage implements ScreenshotStorage {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async put(organizationId: string, stepId: string, image: StoredImage): Promise<void> {
    await this.#db
      .insertInto('screenshots')
      .values({
        step_id: stepId,
        organization_id: organizationId,
        ...imageColumns(image),
      })
      .onConflict((oc) =>
        oc.column('step_id').doUpdateSet({ ...imageColumns(image), created_at: new Date() }),
      )
      .execute();
  }

  async get(organizationId: string, stepId: string): Promise<StoredImage | null> {
    const row = await this.#db
      .selectFrom('screenshots')
      .select(['content_type', 'data'])
      .where('step_id', '=', stepId)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    return row ? storedImage(row) : null;
  }

  async delete(organizationId: string, stepId: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('screenshots')
      .where('step_id', '=', stepId)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async putIssue(organizationId: string, issueId: string, image: StoredImage): Promise<void> {
    await this.#db
      .insertInto('run_step_issue_screenshots')
      .values({
        issue_id: issueId,
        organization_id: organizationId,
        ...imageColumns(image),
      })
      .onConflict((oc) =>
        oc.column('issue_id').doUpdateSet({ ...imageColumns(image), created_at: new Date() }),
      )
      .execute();
  }

  async getIssue(organizationId: string, issueId: string): Promise<StoredImage | null> {
    const row = await this.#db
      .selectFrom('run_step_issue_screenshots')
      .select(['content_type', 'data'])
      .where('issue_id', '=', issueId)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    return row ? storedImage(row) : null;
  }
}

/** The image type its bytes say, whatever the client declared. */
export function sniffImage(data: Buffer): ImageType | null {
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}
