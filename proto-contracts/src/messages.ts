/** Texts of the shop's error catalogue that the server answers with. */
export const messages = {
  fillAllFields: 'Please fill all the field properly',
  sessionExpired: 'Session expired. Please login again.',
  loginRequired: 'Please login to access this resource',
  forbidden: 'You are not allowed to access this resource',
  invalidCredentials: 'Invalid email or password',
  tooManyRequests: 'Too many requests, please try again later.',
  notFound: 'Resource not found',
  internal: 'Something went wrong. Please try again later.',
  malformedJson: 'The request body is not valid JSON.',
  invalidText: 'Text must not contain NUL or other invalid characters.',
  bodyTooLarge: 'The request body is too large.',
  phoneEmpty: 'Phone number cannot be empty!',
  addressRequired: 'Both PIN code and address details are required!',
  addressEmpty: 'PIN code and address cannot be empty!',
  upstreamTimeout: 'The service took too long to answer. Please try again.',
  upstreamDown: 'The service is temporarily unavailable. Please try again shortly.',
} as const;
