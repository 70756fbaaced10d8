import { z } from 'zod';
import { MAX_ADMIN_PAGE_SIZE, withPageSizeAsLimit } from './paging';
import { roleSchema } from './events';
import { SHOP_IMAGE_PATH } from './media';
import { addressBookMessages, type BookAddress } from './address-book';
import { messages } from './messages';
import { invalidPhoneMessage, normalizeIndianMobile } from './phone';

/**
 * Request bodies of the auth service's REST API (and GraphQL arguments), shared with the web's
 * forms so both sides give the same message for the same mistake. Each schema checks in stages
 * (present → not blank → well-formed), so the first message a caller sees is the most basic one.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const MAX_PHONES = 10;
export const ADDRESS_MAX_LENGTH = 300;
export const OTP_LENGTH = 6;

export const authMessages = {
  fillAllFields: messages.fillAllFields,
  invalidEmail: 'Please enter a valid email address',
  userSearchInvalid: 'Search text must be at most 100 characters',
  pageInvalid: 'page must be a whole number, 1 or more',
  limitInvalid: 'limit (or pageSize) must be a whole number from 1 to 100',
  emailRequired: 'Please enter your email address',
  invalidPhone: invalidPhoneMessage,
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters long`,
  emailTaken: 'An account with this email already exists',
  invalidCredentials: messages.invalidCredentials,
  loginFieldsRequired: 'Please enter email and password',
  phoneEmpty: messages.phoneEmpty,
  phoneDuplicate: 'This phone number is already saved',
  tooManyPhones: `You can save at most ${MAX_PHONES} phone numbers`,
  addressRequired: messages.addressRequired,
  addressEmpty: messages.addressEmpty,
  invalidPin: addressBookMessages.pinInvalid,
  addressTooLong: `Address must be at most ${ADDRESS_MAX_LENGTH} characters long`,
  addressPartTooLong: 'City, state and country must be at most 100 characters long',
  tooManyAddresses: addressBookMessages.tooManyAddresses,
  invalidAvatarUrl: 'Avatar must be an image uploaded to the shop',
  passwordTooCommon: 'This password is one of the most commonly used ones and easy to guess. Please choose another (a few unrelated words work well).',
  currentPasswordRequired: 'Please enter your current password to change your email',
  currentPasswordIncorrect: 'Current password is incorrect',
  emailChangeInvalid: 'Email confirmation link is invalid or has expired',
  emailChanged: 'Email changed successfully',
  accountFieldsForbidden: "Only an admin or the account's owner can see its email, phones, addresses and role",
  tooManyFailedLogins: 'Too many failed logins. Please wait 15 minutes or reset your password.',
  emailChangeSent: (email: string) => `Profile updated. Check your new inbox: we sent a link to ${email}. Your email changes once you open it.`,
  oldPasswordIncorrect: 'Old password is incorrect',
  passwordMismatch: 'Password does not match',
  resetLinkSent: 'If an account exists for this email, a reset link has been sent.',
  resetLinkInvalid: 'Reset link is invalid or has expired',
  otpSent: 'If an account exists for this email, an OTP has been sent.',
  otpInvalid: 'Invalid or expired OTP',
  otpTooManyAttempts: 'Too many wrong attempts. Request a new OTP.',
  otpRateLimited: 'Too many OTP requests. Please try again in a few minutes.',
  emailFailed: 'Email sent Failed',
  mailLimitReached: 'Too many mails to this address or from this account. Please try again in an hour.',
  verificationSent: (email: string) => `We sent a verification link to ${email}. Open it to verify your email.`,
  verificationInvalid: 'Verification link is invalid or has expired',
  emailVerified: 'Email verified successfully',
  emailAlreadyVerified: 'Your email is already verified',
  passwordUpdated: 'Password updated successfully',
  passwordReset: 'Password reset successfully. Please login with your new password.',
  invalidRole: 'Role must be one of user, emp or admin',
  invalidUserId: 'Invalid user ID',
  userNotFound: 'User not found',
  ownRole: 'You cannot change your own role',
  ownDelete: 'You cannot delete your own account',
  lastAdminDemote: 'The last admin cannot be demoted',
  lastAdminDelete: 'The last admin cannot be deleted',
  loggedOut: 'Logged out successfully',
  profileUpdated: 'Profile updated successfully',
  phoneAdded: 'Phone number added successfully!',
  addressAdded: 'Address added successfully!',
  userDeleted: 'User deleted successfully',
  imageUploadUnavailable: 'Image upload is not available',
  unsupportedImage: 'Only PNG, JPEG, GIF or WebP images are allowed',
  imageTooLarge: 'Image must be at most 10 MB',
} as const;

/** Forms send numbers for digit-only fields now and then; accept them as their digits. */
const digitsAsText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v);

/** A string that is present and not blank; trimmed. */
const filled = (message: string) => z.preprocess(digitsAsText, z.string({ error: message }).trim().min(1, { error: message }));

/** Like `filled` but keeps the value as typed (passwords are not trimmed). */
const filledRaw = (message: string) =>
  z.string({ error: message }).refine((v) => v.trim().length > 0, { error: message });


export const emailSchema = z
  .email({ error: authMessages.invalidEmail })
  .max(EMAIL_MAX_LENGTH, { error: authMessages.invalidEmail })
  .transform((v) => v.toLowerCase());

export const indianMobileSchema = z.string().transform((v, ctx) => {
  const digits = normalizeIndianMobile(v);
  if (!digits) {
    ctx.issues.push({ code: 'custom', message: authMessages.invalidPhone, input: v });
    return z.NEVER;
  }
  return digits;
});

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: authMessages.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong });

const nameSchema = z.string().max(NAME_MAX_LENGTH, { error: authMessages.nameTooLong });

/** POST /register. Any `role` sent is dropped: every sign-up is a plain user. */
export const registerSchema = z
  .object(
    {
      name: filled(authMessages.fillAllFields),
      email: filled(authMessages.fillAllFields),
      phone: filled(authMessages.fillAllFields),
      password: filledRaw(authMessages.fillAllFields),
    },
    { error: authMessages.fillAllFields },
  )
  .pipe(z.object({ name: nameSchema, email: emailSchema, phone: indianMobileSchema, password: newPasswordSchema }));
export type RegisterInput = z.output<typeof registerSchema>;

/** POST /login. The format of the email is not checked: a wrong one simply fails to log in. */
export const loginSchema = z.object(
  {
    email: filled(authMessages.loginFieldsRequired).transform((v) => v.toLowerCase()),
    password: filledRaw(authMessages.loginFieldsRequired),
  },
  { error: authMessages.loginFieldsRequired },
);
export type LoginInput = z.output<typeof loginSchema>;

/** An avatar is an image the shop's media service stored (SHOP_IMAGE_PATH), never an outside URL. */
export const avatarUrlSchema = z.string().trim().regex(SHOP_IMAGE_PATH, { error: authMessages.invalidAvatarUrl });

/** PUT /profile/update (multipart fields or JSON). An empty or missing avatar leaves it unchanged. */
export const updateProfileSchema = z
  .object(
    {
      name: filled(authMessages.fillAllFields),
      email: filled(authMessages.fillAllFields),
      avatar: z.preprocess((v) => (v === null || v === '' ? undefined : v), avatarUrlSchema.optional()),
      /** Needed only when the email changes. */
      currentPassword: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.string().max(PASSWORD_MAX_LENGTH).optional()),
    },
    { error: authMessages.fillAllFields },
  )
  .pipe(z.object({ name: nameSchema, email: emailSchema, avatar: z.string().optional(), currentPassword: z.string().optional() }));
export type UpdateProfileInput = z.output<typeof updateProfileSchema>;

/** POST /addPhone. */
export const addPhoneSchema = z
  .object({ phone: filled(authMessages.phoneEmpty) }, { error: authMessages.phoneEmpty })
  .pipe(z.object({ phone: indianMobileSchema }));
export type AddPhoneInput = z.output<typeof addPhoneSchema>;

const optionalPart = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v),
  z.string({ error: authMessages.addressPartTooLong }).trim().max(100, { error: authMessages.addressPartTooLong }).optional(),
);

const anyPart = { city: z.unknown().optional(), state: z.unknown().optional(), country: z.unknown().optional() };

/** POST /addAddress: pin and other are required; city, state and country are optional. */
export const addAddressSchema = z
  .object(
    {
      pin: z.preprocess(digitsAsText, z.string({ error: authMessages.addressRequired })),
      other: z.string({ error: authMessages.addressRequired }),
      ...anyPart,
    },
    { error: authMessages.addressRequired },
  )
  .pipe(
    z.object({
      pin: z.string().trim().min(1, { error: authMessages.addressEmpty }),
      other: z.string().trim().min(1, { error: authMessages.addressEmpty }),
      ...anyPart,
    }),
  )
  .pipe(
    z.object({
      pin: z.string().regex(/^[1-9]\d{5}$/, { error: authMessages.invalidPin }),
      other: z.string().max(ADDRESS_MAX_LENGTH, { error: authMessages.addressTooLong }),
      city: optionalPart,
      state: optionalPart,
      country: optionalPart,
    }),
  );
export type AddressInput = z.output<typeof addAddressSchema>;

/** PUT /password/update. */
export const updatePasswordSchema = z
  .object(
    {
      oldPassword: filledRaw(authMessages.fillAllFields),
      newPassword: filledRaw(authMessages.fillAllFields),
      confirmPassword: filledRaw(authMessages.fillAllFields),
    },
    { error: authMessages.fillAllFields },
  )
  .refine((v) => v.newPassword === v.confirmPassword, { error: authMessages.passwordMismatch, path: ['confirmPassword'] })
  .pipe(z.object({ oldPassword: z.string(), newPassword: newPasswordSchema, confirmPassword: z.string() }));
export type UpdatePasswordInput = z.output<typeof updatePasswordSchema>;

/** POST /password/forgot and POST /sendOTP. */
export const emailOnlySchema = z
  .object({ email: filled(authMessages.emailRequired) }, { error: authMessages.emailRequired })
  .pipe(z.object({ email: emailSchema }));
export const forgotPasswordSchema = emailOnlySchema;
export const sendOtpSchema = emailOnlySchema;

/** POST /reset/:token (the token comes from the path). */
export const resetPasswordSchema = z
  .object(
    { password: filledRaw(authMessages.fillAllFields), confirmPassword: filledRaw(authMessages.fillAllFields) },
    { error: authMessages.fillAllFields },
  )
  .refine((v) => v.password === v.confirmPassword, { error: authMessages.passwordMismatch, path: ['confirmPassword'] })
  .pipe(z.object({ password: newPasswordSchema, confirmPassword: z.string() }));
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;

/** POST /password/reset-otp. */
export const resetPasswordWithOtpSchema = z
  .object(
    {
      email: filled(authMessages.fillAllFields),
      otp: filled(authMessages.fillAllFields),
      password: filledRaw(authMessages.fillAllFields),
      confirmPassword: filledRaw(authMessages.fillAllFields),
    },
    { error: authMessages.fillAllFields },
  )
  .refine((v) => v.password === v.confirmPassword, { error: authMessages.passwordMismatch, path: ['confirmPassword'] })
  .pipe(
    z.object({
      email: emailSchema,
      otp: z.string().regex(/^\d{6}$/, { error: authMessages.otpInvalid }),
      password: newPasswordSchema,
      confirmPassword: z.string(),
    }),
  );
export type ResetPasswordWithOtpInput = z.output<typeof resetPasswordWithOtpSchema>;

/** PUT /admin/user/:id. */
export const setUserRoleSchema = z.object(
  { role: z.enum(roleSchema.options, { error: authMessages.invalidRole }) },
  { error: authMessages.invalidRole },
);
export type SetUserRoleInput = z.output<typeof setUserRoleSchema>;

/** Accounts a page of the staff Users list shows unless the caller asks for another size. */
export const USERS_PER_PAGE = 20;

const wholeNumber = (message: string, fallback: string, max: number) =>
  z
    .preprocess(
      (v) => (v === undefined || v === null || v === '' ? fallback : typeof v === 'number' ? String(v) : v),
      z.string({ error: message }).regex(/^\d{1,6}$/, { error: message }).transform(Number),
    )
    .refine((n) => n >= 1 && n <= max, { error: message });

/**
 * GET /admin/users?q=&role=&page=&limit= (all optional): `q` matches a name or email (any part,
 * any case) or a saved phone number (its digits); newest accounts first.
 */
export const adminUsersQuerySchema = z.preprocess(withPageSizeAsLimit, z.object({
  q: z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string({ error: authMessages.userSearchInvalid })
      .trim()
      .max(100, { error: authMessages.userSearchInvalid })
      .optional()
      .transform((v) => (v ? v : undefined)),
  ),
  role: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(roleSchema.options, { error: authMessages.invalidRole }).optional(),
  ),
  page: wholeNumber(authMessages.pageInvalid, '1', 1_000_000),
  limit: wholeNumber(authMessages.limitInvalid, String(USERS_PER_PAGE), MAX_ADMIN_PAGE_SIZE),
}));
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

/** The user as every auth response shows it: never a password hash, token or OTP. */
export interface PublicUser {
  _id: string;
  id: string;
  name: string;
  email: string;
  role: z.infer<typeof roleSchema>;
  phone: string[];
  /** The address book, the default first (decision 0065). */
  address: BookAddress[];
  avatar: string | null;
  /** When the owner proved the email is theirs (ISO time), or null (decision 0042). */
  emailVerifiedAt: string | null;
  createdAt: string;
}
