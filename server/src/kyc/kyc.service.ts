import { and, asc, count, min, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { PendingQueue } from "../platform/metrics";
import { errors, notifications, PUSH_SCREENS, REVIEW } from "../../contract";
import { KYC_SIDES, maskCertNumber, type CertType, type KycSide, type KycStatus, type Submission } from "../../contract/kyc";
import { userAccountOf, userRecords } from "../auth";
import { operatorNameOf } from "../backoffice";
import { noEvents, type Events } from "../platform/events";
import { audit } from "../platform/audit";
import { toSeconds, type Clock } from "../platform/clock";
import type { Db, Executor, Tx } from "../platform/db";
import { operatorDecision } from "../platform/idempotency";
import { DomainError } from "../platform/errors";
import type { OperatorSession, UploadedFile } from "../platform/http";
import { silentNotifier, type UserNotifier } from "../platform/notify";
import { asImageData, checkImage, findImage, imagePurpose, readImage, storeImage, violatedConstraint, type CheckedImage } from "../platform/uploads";
import { kycSubmissions, type KycSubmissionRow } from "./kyc.schema";

export interface KycInput {
  country: string;
  first_name: string;
  last_name: string;
  cert_type: CertType;
  cert_no: string;
  front_md5?: string;
  back_md5?: string;
  hand_md5?: string;
}

/** The identity document photos: the user uploads them, one copy of a file (how a reused photo is found). */
const KYC_IMAGES = imagePurpose("kyc", { by: "user", singleCopy: true });

const refuse = (code: "FILE_EXISTS" | "ID_NUMBER_VERIFIED" | "ALREADY_APPLIED", field?: string): DomainError =>
  new DomainError(code, field ? { [field]: errors[code].key } : undefined);

const imageIdOf = (row: KycSubmissionRow, side: KycSide): number =>
  side === "front" ? row.frontImageId : side === "back" ? row.backImageId : row.handImageId;

/**
 * Another user's passed verification with this document number (the number verifies once). Nested once more: drizzle
 * writes a single-table select's expression columns unqualified, and `cert_no` must mean the listed row's, not `other`'s.
 */
const numberTakenSql = sql<boolean>`${sql`exists (
  SELECT 1 FROM kyc_submissions other
  WHERE other.cert_type = ${kycSubmissions.certType} AND other.cert_no = ${kycSubmissions.certNo}
    AND other.status = 'passed' AND other.user_id <> ${kycSubmissions.userId})`}`;

/**
 * Identity verification (KYC). A user submits country, names, a document and three photos; an operator approves or
 * rejects it with a reason. `users.review_status` follows every step in the same transaction: 0 none, 1 pending,
 * 2 passed, 3 rejected. Rules: one submission waiting or passed at a time (ALREADY_APPLIED; resubmitting after a
 * rejection is allowed), a document number verifies once (ID_NUMBER_VERIFIED, checked at submission and again,
 * inside the transaction, at approval; a partial unique index decides a race), and every photo passes the
 * platform's image check and is new: the same photo twice in one submission, or a photo another user already
 * submitted, is FILE_EXISTS. A user's own photo from an earlier (rejected) submission may be sent again: it is
 * the same stored image, and refusing it would make a user who only mistyped a name retake every photo.
 */
export class KycService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly maxBytes: number,
    private readonly notifier: UserNotifier = silentNotifier,
    private readonly events: Events = noEvents,
  ) {}

  async submit(userId: number, input: KycInput, files: Record<string, UploadedFile>): Promise<{ review_status: 1 }> {
    // Cheap refusals first, outside any transaction; the transaction checks again under the user's row lock.
    const user = await userRecords.find(this.db, userId);
    if (!user) throw new DomainError("USER_NOT_FOUND");
    if (user.reviewStatus === REVIEW.PENDING || user.reviewStatus === REVIEW.PASSED) throw refuse("ALREADY_APPLIED");

    const photos = {} as Record<KycSide, CheckedImage>;
    const seen = new Set<string>();
    for (const side of KYC_SIDES) {
      const image = await checkImage(files[side], { field: side, maxBytes: this.maxBytes, md5: input[`${side}_md5`] });
      if (seen.has(image.md5)) throw refuse("FILE_EXISTS", side);
      seen.add(image.md5);
      photos[side] = image;
    }
    for (const side of KYC_SIDES) {
      const stored = await findImage(this.db, KYC_IMAGES, photos[side].md5);
      if (stored && stored.userId !== userId) throw refuse("FILE_EXISTS", side);
    }
    if (await this.numberTaken(this.db, input.cert_type, input.cert_no, userId)) throw refuse("ID_NUMBER_VERIFIED", "cert_no");

    try {
      return await this.db.transaction(async (tx) => {
        const locked = await userRecords.lock(tx, userId);
        if (!locked) throw new DomainError("USER_NOT_FOUND");
        if (locked.reviewStatus === REVIEW.PENDING || locked.reviewStatus === REVIEW.PASSED) throw refuse("ALREADY_APPLIED");
        if (await this.numberTaken(tx, input.cert_type, input.cert_no, userId)) throw refuse("ID_NUMBER_VERIFIED", "cert_no");
        const ids = {} as Record<KycSide, number>;
        for (const side of KYC_SIDES) {
          const stored = await findImage(tx, KYC_IMAGES, photos[side].md5);
          if (stored && stored.userId !== userId) throw refuse("FILE_EXISTS", side);
          ids[side] = stored ? stored.id : await storeImage(tx, KYC_IMAGES, { userId, image: photos[side], data: files[side].data });
        }
        const [row] = await tx
          .insert(kycSubmissions)
          .values({
            userId,
            country: input.country,
            firstName: input.first_name,
            lastName: input.last_name,
            certType: input.cert_type,
            certNo: input.cert_no,
            frontImageId: ids.front,
            backImageId: ids.back,
            handImageId: ids.hand,
            createdAt: this.clock.now(),
          })
          .returning({ id: kycSubmissions.id });
        await userRecords.setReviewStatus(tx, userId, REVIEW.PENDING);
        await audit(tx, {
          actorKind: "user",
          actorId: userId,
          action: "kyc.submit",
          targetKind: "kyc",
          targetId: row.id,
          detail: { country: input.country, cert_type: input.cert_type },
        });
        return { review_status: REVIEW.PENDING };
      });
    } catch (error) {
      // Two requests at once: the unique indexes decide, the loser is told plainly.
      const constraint = violatedConstraint(error);
      if (constraint === "kyc_submissions_open") throw refuse("ALREADY_APPLIED");
      if (constraint === "stored_images_purpose_md5") throw refuse("FILE_EXISTS");
      throw error;
    }
  }

  /** Submissions waiting for a reviewer (the back office's overview). */
  async pendingCount(): Promise<number> {
    return (await this.pendingQueue()).count;
  }

  /** The review queue: how many wait, and since when the oldest (metrics). */
  async pendingQueue(): Promise<PendingQueue> {
    const [row] = await this.db.select({ count: count(), oldest: min(kycSubmissions.createdAt) }).from(kycSubmissions).where(eq(kycSubmissions.status, "pending"));
    return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
  }

  private async numberTaken(db: Executor, certType: CertType, certNo: string, userId: number): Promise<boolean> {
    const found = await db
      .select({ id: kycSubmissions.id })
      .from(kycSubmissions)
      .where(and(eq(kycSubmissions.certType, certType), eq(kycSubmissions.certNo, certNo), eq(kycSubmissions.status, "passed"), ne(kycSubmissions.userId, userId)))
      .limit(1);
    return found.length > 0;
  }

  private async latest(db: Executor, userId: number): Promise<KycSubmissionRow | null> {
    const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, userId)).orderBy(desc(kycSubmissions.id)).limit(1);
    return row ?? null;
  }

  /** What the user sees: their review status (from their account) and what they submitted last, number masked. */
  async info(userId: number) {
    const user = await userRecords.find(this.db, userId);
    if (!user) throw new DomainError("USER_NOT_FOUND");
    const row = await this.latest(this.db, userId);
    return {
      review_status: user.reviewStatus,
      country: row?.country ?? null,
      first_name: row?.firstName ?? null,
      last_name: row?.lastName ?? null,
      cert_type: row?.certType ?? null,
      cert_no: row ? maskCertNumber(row.certNo) : null,
      reason: row?.status === "rejected" ? row.reason : null,
      submitted_at: row ? toSeconds(row.createdAt) : null,
      reviewed_at: row?.reviewedAt ? toSeconds(row.reviewedAt) : null,
    };
  }

  /** A photo of the user's own latest submission. */
  async ownPhoto(userId: number, side: KycSide) {
    const row = await this.latest(this.db, userId);
    const image = row ? await readImage(this.db, KYC_IMAGES, imageIdOf(row, side)) : null;
    if (!image) throw new DomainError("DATA_NOT_FOUND");
    return asImageData(image);
  }

  /** A photo of any submission, for operators. */
  async photo(id: number, side: KycSide) {
    const [row] = await this.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id));
    const image = row ? await readImage(this.db, KYC_IMAGES, imageIdOf(row, side)) : null;
    if (!image) throw new DomainError("DATA_NOT_FOUND");
    return asImageData(image);
  }

  private selectSubmissions(db: Executor) {
    return db
      .select({ s: kycSubmissions, account: userAccountOf(kycSubmissions.userId), reviewer: operatorNameOf(kycSubmissions.reviewedBy), taken: numberTakenSql })
      .from(kycSubmissions);
  }

  private static toSubmission(r: { s: KycSubmissionRow; account: string; reviewer: string | null; taken: boolean }): Submission {
    return {
      id: r.s.id,
      user_id: r.s.userId,
      account: r.account,
      country: r.s.country,
      first_name: r.s.firstName,
      last_name: r.s.lastName,
      cert_type: r.s.certType,
      cert_no: r.s.certNo,
      status: r.s.status,
      reason: r.s.reason,
      submitted_at: toSeconds(r.s.createdAt),
      reviewed_at: r.s.reviewedAt ? toSeconds(r.s.reviewedAt) : null,
      reviewed_by: r.reviewer,
      id_number_taken: Boolean(r.taken),
    };
  }

  /** The operators' queue: oldest pending first; other filters newest first. */
  async queue(query: { page: number; limit: number; status?: KycStatus; user_id?: number }) {
    const filters: SQL[] = [];
    if (query.status) filters.push(eq(kycSubmissions.status, query.status));
    if (query.user_id) filters.push(eq(kycSubmissions.userId, query.user_id));
    const where = filters.length ? and(...filters) : undefined;
    const rows = await this.selectSubmissions(this.db)
      .where(where)
      .orderBy(query.status === "pending" ? asc(kycSubmissions.id) : desc(kycSubmissions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const [{ total }] = await this.db.select({ total: count() }).from(kycSubmissions).where(where);
    return { total, list: rows.map(KycService.toSubmission) };
  }

  /** The user's latest submission as operators see it (the Users desk). */
  async latestSubmission(userId: number): Promise<Submission | null> {
    const [row] = await this.selectSubmissions(this.db).where(eq(kycSubmissions.userId, userId)).orderBy(desc(kycSubmissions.id)).limit(1);
    return row ? KycService.toSubmission(row) : null;
  }

  /** Locks the user and takes their pending submission for a decision; a decided or missing one is refused. */
  private async claimPending(tx: Tx, userId: number): Promise<KycSubmissionRow> {
    const user = await userRecords.lock(tx, userId);
    if (!user) throw new DomainError("USER_NOT_FOUND");
    const row = await this.latest(tx, userId);
    if (!row) throw new DomainError("DATA_NOT_FOUND");
    // Approving twice, or two operators at once: the second finds it decided.
    if (row.status !== "pending") throw new DomainError("STATUS_ABNORMAL");
    return row;
  }

  async approve(operator: OperatorSession, userId: number, key?: string): Promise<{ user_id: number; review_status: 2 }> {
    try {
      const decided = await operatorDecision(this.db, operator, "backoffice/kyc/approve", key, { user_id: userId }, async (tx) => {
        const row = await this.claimPending(tx, userId);
        if (await this.numberTaken(tx, row.certType, row.certNo, userId)) throw refuse("ID_NUMBER_VERIFIED");
        await tx.update(kycSubmissions).set({ status: "passed", reviewedBy: operator.id, reviewedAt: this.clock.now() }).where(eq(kycSubmissions.id, row.id));
        await userRecords.setReviewStatus(tx, userId, REVIEW.PASSED);
        await audit(tx, {
          actorKind: "operator",
          actorId: operator.id,
          action: "kyc.approve",
          targetKind: "user",
          targetId: userId,
          detail: { submission_id: row.id, operator: operator.name, cert_type: row.certType, country: row.country },
        });
        await this.notifier.notifyUser(tx, userId, { title: notifications.KYC_PASSED_TITLE.key, body: notifications.KYC_PASSED_BODY.key, push: { kind: "kyc", url: PUSH_SCREENS.kyc } });
        this.events.raise(tx, "kyc.decided", { userId, change: { review_status: REVIEW.PASSED } });
        this.events.raise(tx, "kyc.approved", { userId });
        return { user_id: userId, review_status: REVIEW.PASSED };
      });
      return decided;
    } catch (error) {
      // Another user with this number was approved at the same moment: the partial unique index decided.
      if (violatedConstraint(error) === "kyc_submissions_verified_number") throw refuse("ID_NUMBER_VERIFIED");
      throw error;
    }
  }

  async reject(operator: OperatorSession, userId: number, reason: string, key?: string): Promise<{ user_id: number; review_status: 3 }> {
    const decided = await operatorDecision(this.db, operator, "backoffice/kyc/reject", key, { user_id: userId, reason }, async (tx) => {
      const row = await this.claimPending(tx, userId);
      await tx.update(kycSubmissions).set({ status: "rejected", reason, reviewedBy: operator.id, reviewedAt: this.clock.now() }).where(eq(kycSubmissions.id, row.id));
      await userRecords.setReviewStatus(tx, userId, REVIEW.REJECTED);
      await audit(tx, {
        actorKind: "operator",
        actorId: operator.id,
        action: "kyc.reject",
        targetKind: "user",
        targetId: userId,
        detail: { submission_id: row.id, operator: operator.name, reason },
      });
      await this.notifier.notifyUser(tx, userId, { title: notifications.KYC_REJECTED_TITLE.key, body: notifications.KYC_REJECTED_BODY.key, values: { reason }, push: { kind: "kyc", url: PUSH_SCREENS.kyc } });
      this.events.raise(tx, "kyc.decided", { userId, change: { review_status: REVIEW.REJECTED } });
      return { user_id: userId, review_status: REVIEW.REJECTED };
    });
    return decided;
  }
}

declare module "../platform/events" {
  interface DomainEvents {
    /** A KYC decision (the user's KYC page, home banner and account badge follow it on the `kyc` channel). */
    "kyc.decided": { userId: number; change: { review_status: number } };
    /** The user passed KYC (the referral reward waits on it). */
    "kyc.approved": { userId: number };
  }
}
