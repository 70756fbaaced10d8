import './tracing';
import { createPrivateKey, createPublicKey, createSign, createVerify } from 'node:crypto';
import { ConfigError, createRuntime, listen, loadConfig, readPem, stopOnTerminationSignal, type RuntimeSettings } from '@shop/platform';
import { authOptionsOf, authSettings, createAuthService } from './app';

/** Distributed-mode entry point: like the platform's runServiceMain, but auth holds the private key. */
async function main() {
  let config: ReturnType<typeof loadConfig<typeof authSettings>>;
  let privateKey: string;
  let publicKey: string;
  let options: ReturnType<typeof authOptionsOf>;
  try {
    config = loadConfig(authSettings);
    ({ privateKey, publicKey } = readKeys(config.JWT_PRIVATE_KEY, config.JWT_PUBLIC_KEY));
    options = authOptionsOf(config);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
  // Prepared statements: the signed-in user's reads (profile, me, token checks) repeat a few statements.
  const runtime = await createRuntime('auth', config as RuntimeSettings, { publicKey, namedStatements: true });
  const instance = await createAuthService(runtime, {
    ...options,
    privateKey,
    publicUrl: config.PUBLIC_URL,
    secureCookies: config.NODE_ENV === 'production' || config.PUBLIC_URL.startsWith('https:'),
    mediaUrl: config.MEDIA_URL,
  });
  if (instance.adminBootstrap?.password) {
    // Shown once, on the console only (not through the logger); the operator should change it.
    process.stdout.write(
      `\nCreated admin account ${instance.adminBootstrap.email} with password ${instance.adminBootstrap.password}\nChange it after the first login.\n\n`,
    );
  } else if (instance.adminBootstrap) {
    runtime.logger.info({ email: instance.adminBootstrap.email, created: instance.adminBootstrap.created }, 'admin account ensured');
  }
  const server = await listen(instance.app, config.PORT, config.HOST);
  runtime.logger.info({ port: config.PORT }, 'auth service listening');
  // The same bounded stop as every other service (decisions 0050, 0079).
  stopOnTerminationSignal(runtime, server, instance);
}

/** The signing key, and the verifying key (derived from it unless given; then it must match). */
function readKeys(privatePem: string | undefined, publicPem: string | undefined) {
  if (!privatePem) throw new ConfigError(['JWT_PRIVATE_KEY: is required (PEM of the RS256 private key)']);
  const privateKey = readPem(privatePem)!;
  let keyObject;
  try {
    keyObject = createPrivateKey(privateKey);
  } catch {
    throw new ConfigError(['JWT_PRIVATE_KEY: is not a readable PEM private key']);
  }
  if (keyObject.asymmetricKeyType !== 'rsa') throw new ConfigError(['JWT_PRIVATE_KEY: must be an RSA key (tokens are RS256)']);
  const publicKey = readPem(publicPem) ?? (createPublicKey(keyObject).export({ type: 'spki', format: 'pem' }) as string);
  const probe = Buffer.from('shop-auth key check');
  const signature = createSign('RSA-SHA256').update(probe).sign(keyObject);
  let matches = false;
  try {
    matches = createVerify('RSA-SHA256').update(probe).verify(publicKey, signature);
  } catch {
    matches = false;
  }
  if (!matches) throw new ConfigError(['JWT_PUBLIC_KEY: does not belong to JWT_PRIVATE_KEY']);
  return { privateKey, publicKey };
}

void main();
