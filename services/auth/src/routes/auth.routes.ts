import { Router } from 'express';
import {
  addAddressSchema,
  addPhoneSchema,
  authMessages,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  resetPasswordWithOtpSchema,
  sendOtpSchema,
  updatePasswordSchema,
  updateProfileSchema,
} from '@shop/proto-contracts';
import { accessTokenOf, clientAddress, requireLogin } from '@shop/platform';
import type { AuthDeps } from '../domain/auth-deps';
import { resetPasswordWithOtp, sendPasswordResetOtp } from '../domain/otp.service';
import { confirmEmailChange } from '../domain/email-change.service';
import { resendVerificationLink, verifyEmail } from '../domain/email-verification.service';
import { changePassword, requestPasswordResetLink, resetPasswordWithToken } from '../domain/password-reset.service';
import { login, logout, rotateRefreshToken } from '../domain/session.service';
import { addAddress } from '../domain/address-book.service';
import { addPhone, getProfile, registerUser, updateProfile } from '../domain/user.service';
import { parseInput } from '../parse-input';
import { avatarUpload } from './avatar-upload';
import { clearSessionCookies, refreshTokenOf, renewAfterVerification, setSessionCookies, type CookiePolicy } from './session-cookies';

/** The account endpoints, mounted under /api/v1. */
export function authRoutes(deps: AuthDeps, cookies: CookiePolicy): Router {
  const r = Router();

  r.post('/register', async (req, res) => {
    const input = parseInput(registerSchema, req.body);
    const { user, session } = await registerUser(deps, input, { ip: clientAddress(req) });
    setSessionCookies(res, session, cookies);
    res.status(201).json({ success: true, message: 'Registration successful', user });
  });

  r.post('/login', async (req, res) => {
    const input = parseInput(loginSchema, req.body);
    const { user, session } = await login(deps, input, { ip: clientAddress(req) });
    setSessionCookies(res, session, cookies);
    res.json({ success: true, message: 'Login successful', user });
  });

  r.post('/logout', async (req, res) => {
    await logout(deps, refreshTokenOf(req.cookies), req.principal?.sessionId);
    clearSessionCookies(res, cookies);
    res.json({ success: true, message: authMessages.loggedOut });
  });

  r.post('/refresh-token', async (req, res) => {
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

  r.get('/profile', requireLogin, async (req, res) => {
    res.json({ success: true, user: await getProfile(deps, req.principal!.userId) });
  });

  r.put('/profile/update', requireLogin, avatarUpload, async (req, res) => {
    const input = parseInput(updateProfileSchema, req.body);
    const upload = req.file
      ? { image: { buffer: req.file.buffer, mimeType: req.file.mimetype, filename: req.file.originalname }, accessToken: accessTokenOf(req) }
      : undefined;
    const { emailChangePending, ...user } = await updateProfile(deps, req.principal!.userId, input, upload);
    res.json({ success: true, message: emailChangePending ? authMessages.emailChangeSent(emailChangePending) : authMessages.profileUpdated, user });
  });

  // The link mailed to the new address of an email change (the web app's /confirm-email page posts here).
  r.post('/email/confirm/:token', async (req, res) => {
    await confirmEmailChange(deps, String(req.params.token));
    res.json({ success: true, message: authMessages.emailChanged });
  });

  // "Resend" on the profile: a new verification link to the account's address (decision 0042).
  r.post('/email/verification', requireLogin, async (req, res) => {
    const email = await resendVerificationLink(deps, req.principal!.userId);
    res.json({ success: true, message: authMessages.verificationSent(email) });
  });

  // The link of the verification mail (the web app's /verify-email page posts here).
  r.post('/email/verify/:token', async (req, res) => {
    const { userId } = await verifyEmail(deps, String(req.params.token));
    await renewAfterVerification(deps, res, req.principal, userId, cookies);
    res.json({ success: true, message: authMessages.emailVerified });
  });

  r.post('/addPhone', requireLogin, async (req, res) => {
    const user = await addPhone(deps, req.principal!.userId, parseInput(addPhoneSchema, req.body));
    res.json({ success: true, message: authMessages.phoneAdded, user });
  });

  r.post('/addAddress', requireLogin, async (req, res) => {
    const user = await addAddress(deps, req.principal!.userId, parseInput(addAddressSchema, req.body));
    res.json({ success: true, message: authMessages.addressAdded, user });
  });

  r.put('/password/update', requireLogin, async (req, res) => {
    const session = await changePassword(deps, req.principal!.userId, parseInput(updatePasswordSchema, req.body));
    setSessionCookies(res, session, cookies);
    res.json({ success: true, message: authMessages.passwordUpdated });
  });

  r.post('/password/forgot', async (req, res) => {
    const { email } = parseInput(forgotPasswordSchema, req.body);
    await requestPasswordResetLink(deps, email, { ip: clientAddress(req) });
    res.json({ success: true, message: authMessages.resetLinkSent });
  });

  r.post('/reset/:token', async (req, res) => {
    await resetPasswordWithToken(deps, String(req.params.token), parseInput(resetPasswordSchema, req.body));
    res.json({ success: true, message: authMessages.passwordReset });
  });

  r.post('/sendOTP', async (req, res) => {
    const { email } = parseInput(sendOtpSchema, req.body);
    await sendPasswordResetOtp(deps, email, { ip: clientAddress(req) });
    res.json({ success: true, message: authMessages.otpSent });
  });

  r.post('/password/reset-otp', async (req, res) => {
    await resetPasswordWithOtp(deps, parseInput(resetPasswordWithOtpSchema, req.body), { ip: clientAddress(req) });
    res.json({ success: true, message: authMessages.passwordReset });
  });

  return r;
}
