// Zod-free, so the web reads the same statuses, limits and messages.

/**
 * Review moderation (decision 0056): a new or edited review waits (`pending`) until staff approve
 * it, unless the catalog's REVIEWS_NEED_APPROVAL is false; staff may reject it with a reason the
 * reviewer sees. Only approved reviews are shown and counted in a product's rating.
 */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const MIN_REJECTION_REASON_LENGTH = 3;
export const MAX_REJECTION_REASON_LENGTH = 300;

export const reviewModerationMessages = {
  statusInvalid: 'status must be approved or rejected',
  statusFilterInvalid: 'status must be pending, approved or rejected',
  reasonRequired: 'Please give the reviewer a reason for the rejection',
  reasonLength: `The reason must be ${MIN_REJECTION_REASON_LENGTH} to ${MAX_REJECTION_REASON_LENGTH} characters long`,
  reasonOnlyForRejection: 'A reason is given only when rejecting',
  approved: 'Review approved',
  rejected: 'Review rejected',
  awaitingApproval: 'Thank you! Your review will appear once our team has checked it.',
} as const;
