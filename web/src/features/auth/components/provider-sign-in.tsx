import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isOidcErrorReason, OIDC_ERROR_PARAM, oidcErrorMessages, type AuthProviderInfo } from '@shop/proto-contracts/web';
import { GoogleMark } from '../../../components/icons';
import { graphqlRequest } from '../../../lib/graphql-request';
import { AUTH_PROVIDERS_QUERY } from '../api/auth-documents';

/** The providers the shop is configured with; none until the answer comes (or if it never does). */
function useAuthProviders(): AuthProviderInfo[] {
  const [providers, setProviders] = useState<AuthProviderInfo[]>([]);
  useEffect(() => {
    let cancelled = false;
    graphqlRequest(AUTH_PROVIDERS_QUERY)
      .then((data) => {
        if (!cancelled) setProviders(data.authProviders);
      })
      .catch(() => undefined); // no button is the honest answer when the shop cannot say
    return () => {
      cancelled = true;
    };
  }, []);
  return providers;
}

/**
 * "Continue with Google" under the login and sign-up forms, only when the shop is configured for
 * it. A plain link: the whole page goes to the provider and comes back signed in (at `returnTo`).
 */
export function ProviderSignIn({ returnTo = '/' }: { returnTo?: string }) {
  const providers = useAuthProviders();
  if (providers.length === 0) return null;
  return (
    <>
      <div className="divider" role="presentation">
        <span>or</span>
      </div>
      {providers.map((provider) => (
        <a
          key={provider.id}
          className="btn btn--outline btn--block"
          href={returnTo === '/' ? provider.startUrl : `${provider.startUrl}?returnTo=${encodeURIComponent(returnTo)}`}
        >
          <GoogleMark /> Continue with {provider.name}
        </a>
      ))}
    </>
  );
}

/** Why a provider sign-in came back to the login page (`?oidcError=<reason>`), in the shop's own words. */
export function ProviderSignInError() {
  const [params] = useSearchParams();
  const reason = params.get(OIDC_ERROR_PARAM);
  if (!isOidcErrorReason(reason)) return null;
  return (
    <p className="form-error auth-card__notice" role="alert">
      {oidcErrorMessages[reason]}
    </p>
  );
}
