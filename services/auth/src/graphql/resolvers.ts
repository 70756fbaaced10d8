import type { SubgraphResolvers } from '@shop/platform';
import {
  mayReadAccountEmail,
  adminUsersQuerySchema,
  addAddressSchema,
  addressBookMessages,
  addressEntrySchema,
  pinQuerySchema,
  addPhoneSchema,
  authMessages,
  forgotPasswordSchema,
  newsletterListQuerySchema,
  newsletterMessages,
  subscribeNewsletterSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  resetPasswordWithOtpSchema,
  sendOtpSchema,
  setUserRoleSchema,
  updatePasswordSchema,
  updateProfileSchema,
  type PublicUser,
} from '@shop/proto-contracts';
import { assertLoggedIn, assertRole, clientAddress, forbidden, type GraphQLContext } from '@shop/platform';
import { deleteUser, getUserById, listUsers, searchUsers, setUserRole } from '../domain/admin-users.service';
import type { AuthDeps } from '../domain/auth-deps';
import { isUuid } from '../domain/auth-errors';
import { resetPasswordWithOtp, sendPasswordResetOtp } from '../domain/otp.service';
import { confirmEmailChange } from '../domain/email-change.service';
import { resendVerificationLink, verifyEmail } from '../domain/email-verification.service';
import { changePassword, requestPasswordResetLink, resetPasswordWithToken } from '../domain/password-reset.service';
import type { OidcSignIn } from '../domain/oidc.service';
import { login, logout, rotateRefreshToken } from '../domain/session.service';
import { confirmNewsletter, listNewsletterSubscribers, subscribeNewsletter, unsubscribeNewsletter } from '../domain/newsletter.service';
import { userStats } from '../domain/user-stats.service';
import { addAddress, addBookAddress, deleteBookAddress, findPinPlace, makeDefaultAddress, updateBookAddress } from '../domain/address-book.service';
import { addPhone, deletePhone, findUser, makeDefaultPhone, registerUser, updateProfile } from '../domain/user.service';
import { parseInput } from '../parse-input';
import { clearSessionCookies, refreshTokenOf, renewAfterVerification, setSessionCookies, type CookiePolicy } from '../routes/session-cookies';

type Args = Record<string, unknown>;
type Resolver = (parent: unknown, args: Args, ctx: GraphQLContext) => Promise<unknown>;

/** The buyer as an emp sees them through an order: no account record. */
interface StaffView {
  id: string;
  _id: string;
  name: string;
  staffView: true;
}

/** Fields of the account record only its owner and admins read. */
const accountFields = ['email', 'emailVerifiedAt', 'role', 'phone', 'address', 'avatar', 'createdAt'] as const;

const accountField = (field: (typeof accountFields)[number]) => (user: PublicUser | StaffView) => {
  if ('staffView' in user) throw forbidden(authMessages.accountFieldsForbidden);
  return user[field];
};

const ok = (message?: string) => ({ success: true, ...(message ? { message } : {}) });

/** The auth subgraph: same domain functions as the REST routes, cookies through `ctx.res`. */
export function authResolvers(deps: AuthDeps, cookies: CookiePolicy, oidc: OidcSignIn): SubgraphResolvers {
  const ip = (ctx: GraphQLContext) => clientAddress(ctx.req);

  return {
    Query: {
      // A visitor who is not logged in (or whose token went stale) simply has no `me`.
      me: async (_p: unknown, _a: Args, ctx: GraphQLContext) => (ctx.principal ? findUser(deps, ctx.principal.userId) : null),
      // Public, like the login page that asks.
      authProviders: async () => oidc.providers(),
      // Public, like the address form that asks; limited per client address in the domain.
      pinCode: async (_p: unknown, args: Args, ctx: GraphQLContext) => findPinPlace(deps, parseInput(pinQuerySchema, args).pin, { ip: ip(ctx) }),
      adminUsers: async (_p: unknown, _a: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin');
        return listUsers(deps);
      },
      adminUserPage: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin');
        // pageSize, when given, over limit (which has a default in the schema), as adminProducts reads them.
        const { pageSize, ...rest } = args;
        return searchUsers(deps, parseInput(adminUsersQuerySchema, pageSize === undefined || pageSize === null ? rest : { ...rest, limit: pageSize }));
      },
      adminUser: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin');
        try {
          return await getUserById(deps, String(args.id));
        } catch (err) {
          if ((err as { kind?: string }).kind === 'NOT_FOUND') return null;
          throw err;
        }
      },
      // Staff see the count on the dashboard; listing the accounts stays admin-only.
      userStats: async (_p: unknown, _a: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin', 'emp');
        return userStats(deps);
      },
      // Subscribers' addresses, like accounts' emails, are for admins only (decision 0043).
      newsletterSubscribers: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin');
        return listNewsletterSubscribers(deps, parseInput(newsletterListQuerySchema, { status: args.status ?? undefined, page: args.page ?? undefined }));
      },
    },
    User: {
      /**
       * Another subgraph's entity (an order's buyer): the whole account for the user themself and
       * admins; an emp, who dispatches orders, gets the buyer's id and name only (the order carries
       * its own shipping address and phone); nobody else gets anything.
       */
      __resolveReference: async (ref: { id: string }, ctx: GraphQLContext): Promise<PublicUser | StaffView | null> => {
        const p = ctx.principal;
        if (!p || !isUuid(String(ref.id))) return null;
        if (mayReadAccountEmail(p, ref.id)) return findUser(deps, ref.id);
        if (p.role !== 'emp') return null;
        const user = await findUser(deps, ref.id);
        return user ? { id: user._id, _id: user._id, name: user.name, staffView: true } : null;
      },
      ...Object.fromEntries(accountFields.map((field) => [field, accountField(field)])),
    },
    Mutation: {
      register: async (_p, args, ctx) => {
        const { user, session } = await registerUser(deps, parseInput(registerSchema, args.input), { ip: ip(ctx) });
        setSessionCookies(ctx.res, session, cookies);
        return { success: true, message: 'Registration successful', user };
      },
      login: async (_p, args, ctx) => {
        const { user, session } = await login(deps, parseInput(loginSchema, args), { ip: ip(ctx) });
        setSessionCookies(ctx.res, session, cookies);
        return { success: true, message: 'Login successful', user };
      },
      logout: async (_p, _a, ctx) => {
        await logout(deps, refreshTokenOf(ctx.req.cookies), ctx.principal?.sessionId);
        clearSessionCookies(ctx.res, cookies);
        return ok(authMessages.loggedOut);
      },
      refreshToken: async (_p, _a, ctx) => {
        try {
          setSessionCookies(ctx.res, await rotateRefreshToken(deps, refreshTokenOf(ctx.req.cookies)), cookies);
          return ok();
        } catch (err) {
          clearSessionCookies(ctx.res, cookies);
          throw err;
        }
      },
      addPhone: async (_p, args, ctx) => {
        const user = await addPhone(deps, assertLoggedIn(ctx).userId, parseInput(addPhoneSchema, args));
        return { success: true, message: authMessages.phoneAdded, user };
      },
      addAddress: async (_p, args, ctx) => {
        const user = await addAddress(deps, assertLoggedIn(ctx).userId, parseInput(addAddressSchema, args.input));
        return { success: true, message: authMessages.addressAdded, user };
      },
      createAddress: async (_p, args, ctx) => {
        const { user } = await addBookAddress(deps, assertLoggedIn(ctx).userId, parseInput(addressEntrySchema, args.input));
        return { success: true, message: addressBookMessages.addressAdded, user };
      },
      updateAddress: async (_p, args, ctx) => {
        const user = await updateBookAddress(deps, assertLoggedIn(ctx).userId, String(args.id), parseInput(addressEntrySchema, args.input));
        return { success: true, message: addressBookMessages.addressUpdated, user };
      },
      deleteAddress: async (_p, args, ctx) => {
        const user = await deleteBookAddress(deps, assertLoggedIn(ctx).userId, String(args.id));
        return { success: true, message: addressBookMessages.addressDeleted, user };
      },
      makeDefaultAddress: async (_p, args, ctx) => {
        const user = await makeDefaultAddress(deps, assertLoggedIn(ctx).userId, String(args.id));
        return { success: true, message: addressBookMessages.defaultAddressSet, user };
      },
      deletePhone: async (_p, args, ctx) => {
        const user = await deletePhone(deps, assertLoggedIn(ctx).userId, String(args.phone));
        return { success: true, message: addressBookMessages.phoneDeleted, user };
      },
      makeDefaultPhone: async (_p, args, ctx) => {
        const user = await makeDefaultPhone(deps, assertLoggedIn(ctx).userId, String(args.phone));
        return { success: true, message: addressBookMessages.defaultPhoneSet, user };
      },
      updateProfile: async (_p, args, ctx) => {
        const { emailChangePending, ...user } = await updateProfile(deps, assertLoggedIn(ctx).userId, parseInput(updateProfileSchema, args));
        return { success: true, message: emailChangePending ? authMessages.emailChangeSent(emailChangePending) : authMessages.profileUpdated, user };
      },
      confirmEmailChange: async (_p, args) => {
        await confirmEmailChange(deps, String(args.token));
        return ok(authMessages.emailChanged);
      },
      resendVerificationEmail: async (_p, _a, ctx) => ok(authMessages.verificationSent(await resendVerificationLink(deps, assertLoggedIn(ctx).userId))),
      verifyEmail: async (_p, args, ctx) => {
        const { userId } = await verifyEmail(deps, String(args.token));
        await renewAfterVerification(deps, ctx.res, ctx.principal, userId, cookies);
        return ok(authMessages.emailVerified);
      },
      updatePassword: async (_p, args, ctx) => {
        const session = await changePassword(deps, assertLoggedIn(ctx).userId, parseInput(updatePasswordSchema, args));
        setSessionCookies(ctx.res, session, cookies);
        return ok(authMessages.passwordUpdated);
      },
      subscribeNewsletter: async (_p, args, ctx) => {
        await subscribeNewsletter(deps, parseInput(subscribeNewsletterSchema, args).email, { ip: ip(ctx) });
        return ok(newsletterMessages.checkInbox);
      },
      confirmNewsletter: async (_p, args) => {
        await confirmNewsletter(deps, String(args.token));
        return ok(newsletterMessages.confirmed);
      },
      unsubscribeNewsletter: async (_p, args) => {
        await unsubscribeNewsletter(deps, String(args.token));
        return ok(newsletterMessages.unsubscribed);
      },
      forgotPassword: async (_p, args, ctx) => {
        await requestPasswordResetLink(deps, parseInput(forgotPasswordSchema, args).email, { ip: ip(ctx) });
        return ok(authMessages.resetLinkSent);
      },
      resetPassword: async (_p, args) => {
        await resetPasswordWithToken(deps, String(args.token), parseInput(resetPasswordSchema, args));
        return ok(authMessages.passwordReset);
      },
      sendOtp: async (_p, args, ctx) => {
        await sendPasswordResetOtp(deps, parseInput(sendOtpSchema, args).email, { ip: ip(ctx) });
        return ok(authMessages.otpSent);
      },
      resetPasswordWithOtp: async (_p, args, ctx) => {
        await resetPasswordWithOtp(deps, parseInput(resetPasswordWithOtpSchema, args), { ip: ip(ctx) });
        return ok(authMessages.passwordReset);
      },
      setUserRole: async (_p, args, ctx) => {
        const actor = assertRole(ctx, 'admin');
        const { role } = parseInput(setUserRoleSchema, args);
        const user = await setUserRole(deps, actor.userId, String(args.id), role);
        return { success: true, message: `Role changed to ${role}`, user };
      },
      deleteUser: async (_p, args, ctx) => {
        const actor = assertRole(ctx, 'admin');
        await deleteUser(deps, actor.userId, String(args.id));
        return ok(authMessages.userDeleted);
      },
    } satisfies Record<string, Resolver>,
  } as SubgraphResolvers;
}
