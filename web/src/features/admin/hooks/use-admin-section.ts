import { useSearchParams } from 'react-router-dom';
import type { Role } from '../../../lib/session-user';
import { parseSection, SECTION_PARAM, type AdminSection } from '../api/admin-sections';

/**
 * The section of /admin shown now, from the address (`/admin?section=orders`), so a reload, a
 * shared link and Back all show the same section. Sections are plain links: the shell needs no setter.
 */
export function useAdminSection(role: Role): AdminSection {
  const [search] = useSearchParams();
  return parseSection(search.get(SECTION_PARAM), role);
}
