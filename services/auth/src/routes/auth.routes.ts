import { Router } from 'express';
import { authMessages } from '@shop/proto-contracts';
import { authManifest as routes } from '@shop/proto-contracts/routes';
import { accessTokenOf, clientAddress, registerRoute } from '@shop/platform';
import type { AuthDeps } from '../domain/auth-deps';
import { resetPasswordWithOtp, sendPasswordResetOtp } from '../domain/otp.service';
import { confirmEmailChange } from '../domain/email-change.service';
import { resendVerificationLink, verifyEmail } from '../domain/email-verification.service';
import { changePassword, requestPasswordResetLink, resetPasswordWithToken } from '../domain/password-reset.service';
import { login, logout, rotateRefreshToken } from '../domain/session.service';
import { addAddress } from '../domain/address-book.service';
import { addPhone, getProfile, registerUser, updateProfile } from '../domain/user.service';
import { avatarUpload } from './avatar-upload';
import { clearSessionCookies, refreshTokenOf, renewAfterVerification, setSessionCookies, type CookiePolicy } from './session-cookies';

/** The account endpoints, mounted under /api/v1. */
export function authRoutes(deps: AuthDeps, cookies: CookiePolicy): Router {
  const r = Router();

  registerRoute(r, routes['POST /register'], async (req, res, { body }) => {
    const { user, session } = await registerUser(deps, body, { ip: clientAddress(req) });
    setSessionCookies(res, session, cookies);
    res.status(201).json({ success: true, message: 'Registration successful', user });
  });

  registerRoute(r, routes['POST /login'], async (req, res, { body }) => {
    const { user, session } = await login(deps, body, { ip: clientAddress(req) });
    setSessionCookies(res, session, cookies);
    res.json({ success: true, message: 'Login successful', user });
  });

  registerRoute(r, routes['POST /logout'], async (req, res) => {
    await logout(deps, refreshTokenOf(req.cookies), req.principal?.sessionId);
    clearSessionCookies(res, cookies);
    res.json({ success: true, message: authMessages.loggedOut });
  });

  registerRoute(r, routes['POST /refresh-token'], async (req, res) => {
    try {
      const session = await rotateRefreshToken(deps, refreshTokenOf(req.cookies));
      setSessionCookies(res, session, cookies);
      res.json({ success: true });
    } catch (err) {
      // A dead refresh token is of no use to the browser: drop both cookies with the 401.
      clearSessionCookies(res, cookies);
      throw err;
    }
  });

  registerRoute(r, routes['GET /profile'], async (req, res) => {
    res.json({ success: true, user: await getProfile(deps, req.principal!.userId) });
  });

  registerRoute(r, routes['PUT /profile/update'], avatarUpload, async (req, res, { body: input }) => {
    const upload = req.file
      ? { image: { buffer: req.file.buffer, mimeType: req.file.mimetype, filename: req.file.originalname }, accessToken: accessTokenOf(req) }
      : undefined;
    const { emailChangePending, ...user } = await updateProfile(deps, req.principal!.userId, input, upload);
    res.json({ success: true, message: emailChangePending ? authMessages.emailChangeSent(emailChangePending) : authMessages.profileUpdated, user });
  });

  // The link mailed to the new address of an email change (the web app's /confirm-email page posts here).
  registerRoute(r, routes['POST /email/confirm/:token'], async (_req, res, { params }) => {
    await confirmEmailChange(deps, params.token);
    res.json({ success: true, message: authMessages.emailChanged });
  });

  // "Resend" on the profile: a new verification link to the account's address (decision 0042).
  registerRoute(r, routes['POST /email/verification'], async (req, res) => {
    const email = await resendVerificationLink(deps, req.principal!.userId);
    res.json({ success: true, message: authMessages.verificationSent(email) });
  });

  // The link of the verification mail (the web app's /verify-email page posts here).
  registerRoute(r, routes['POST /email/verify/:token'], async (req, res, { params }) => {
    const { userId } = await verifyEmail(deps, params.token);
    await renewAfterVerification(deps, res, req.principal, userId, cookies);
    res.json({ success: true, message: authMessages.emailVerified });
  });

  registerRoute(r, routes['POST /addPhone'], async (req, res, { body }) => {
    const user = await addPhone(deps, req.principal!.userId, body);
    res.json({ success: true, message: authMessages.phoneAdded, user });
  });

  registerRoute(r, routes['POST /addAddress'], async (req, res, { body }) => {
    const user = await addAddress(deps, req.principal!.userId, body);
    res.json({ success: true, message: authMessages.addressAdded, user });
  });

  registerRoute(r, routes['PUT /password/update'], async (req, res, { body }) => {
    const session = await changePassword(deps, req.principal!.userId, body);
    setSessionCookies(res, session, cookies);
    res.json({ success: true, message: authMessages.passwordUpdated });
  });

  registerRoute(r, routes['POST /password/forgot'], async (req, res, { body }) => {
    await requestPasswordResetLink(deps, body.email, { ip: clientAddress(req) });
    res.json({ success: true, message: authMessages.resetLinkSent });
  });

  registerRoute(r, routes['POST /reset/:token'], async (_req, res, { params, body }) => {
    await resetPasswordWithToken(deps, params.token, body);
    res.json({ success: true, message: authMessages.passwordReset });
  });

  registerRoute(r, routes['POST /sendOTP'], async (req, res, { body }) => {
    await sendPasswordResetOtp(deps, body.email, { ip: clientAddress(req) });
    res.json({ success: true, message: authMessages.otpSent });
  });

  registerRoute(r, routes['POST /password/reset-otp'], async (req, res, { body }) => {
    await resetPasswordWithOtp(deps, body, { ip: clientAddress(req) });
    res.json({ success: true, message: authMessages.passwordReset });
  });

  return r;
}
