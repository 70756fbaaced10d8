import { useSearchParams } from 'react-router-dom';
import { ComingSoon } from '../../components/coming-soon';

export default function SearchPage() {
  const [params] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  return (
    <ComingSoon title="Search Results" description="Product search is almost ready.">
      {query ? (
        <p className="coming-soon__note">
          You searched for <strong>“{query}”</strong>. Results for it will show here once search opens.
        </p>
      ) : null}
    </ComingSoon>
  );
}
