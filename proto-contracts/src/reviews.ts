import { z } from 'zod';
import { MAX_REJECTION_REASON_LENGTH, MIN_REJECTION_REASON_LENGTH, REVIEW_STATUSES, reviewModerationMessages } from './review-rules';

/** PUT /admin/review/:id and GraphQL moderateReview: approve, or reject with a reason. */
export const moderateReviewSchema = z
  .object(
    {
      status: z.enum(['approved', 'rejected'], { error: reviewModerationMessages.statusInvalid }),
      reason: z.preprocess(
        (v) => (v === null ? undefined : typeof v === 'string' ? v.trim() || undefined : v),
        z
          .string({ error: reviewModerationMessages.reasonLength })
          .min(MIN_REJECTION_REASON_LENGTH, { error: reviewModerationMessages.reasonLength })
          .max(MAX_REJECTION_REASON_LENGTH, { error: reviewModerationMessages.reasonLength })
          .optional(),
      ),
    },
    { error: reviewModerationMessages.statusInvalid },
  )
  .superRefine((body, ctx) => {
    if (body.status === 'rejected' && !body.reason) ctx.addIssue({ code: 'custom', message: reviewModerationMessages.reasonRequired, path: ['reason'] });
    if (body.status === 'approved' && body.reason) ctx.addIssue({ code: 'custom', message: reviewModerationMessages.reasonOnlyForRejection, path: ['reason'] });
  });
export type ModerateReview = z.output<typeof moderateReviewSchema>;

/** The moderation list's `status` filter, read from the query or arguments (absent or '': every review). */
export const reviewStatusFilterSchema = z.object({
  status: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(REVIEW_STATUSES, { error: reviewModerationMessages.statusFilterInvalid }).optional(),
  ),
});
