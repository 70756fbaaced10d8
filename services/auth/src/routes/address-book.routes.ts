import { Router } from 'express';
import { addressBookMessages } from '@shop/proto-contracts';
import { authManifest as routes } from '@shop/proto-contracts/routes';
import { clientAddress, notFound, registerRoute } from '@shop/platform';
import type { AuthDeps } from '../domain/auth-deps';
import { addBookAddress, deleteBookAddress, findPinPlace, makeDefaultAddress, updateBookAddress } from '../domain/address-book.service';
import { deletePhone, makeDefaultPhone } from '../domain/user.service';

/**
 * The address book and saved phones of the logged-in account (decision 0065), and the public PIN
 * lookup that fills in an address form (decision 0066). Each answer carries the account as it now is.
 */
export function addressBookRoutes(deps: AuthDeps): Router {
  const r = Router();

  registerRoute(r, routes['GET /pincode/:pin'], async (req, res, { params }) => {
    const place = await findPinPlace(deps, params.pin, { ip: clientAddress(req) });
    if (!place) throw notFound(addressBookMessages.pinNotFound);
    res.set('Cache-Control', 'public, max-age=86400').json({ success: true, place });
  });

  registerRoute(r, routes['POST /addresses'], async (req, res, { body }) => {
    const { user, addressId } = await addBookAddress(deps, req.principal!.userId, body);
    res.status(201).json({ success: true, message: addressBookMessages.addressAdded, addressId, user });
  });

  registerRoute(r, routes['PUT /addresses/:id'], async (req, res, { params, body }) => {
    const user = await updateBookAddress(deps, req.principal!.userId, params.id, body);
    res.json({ success: true, message: addressBookMessages.addressUpdated, user });
  });

  registerRoute(r, routes['DELETE /addresses/:id'], async (req, res, { params }) => {
    const user = await deleteBookAddress(deps, req.principal!.userId, params.id);
    res.json({ success: true, message: addressBookMessages.addressDeleted, user });
  });

  registerRoute(r, routes['POST /addresses/:id/default'], async (req, res, { params }) => {
    const user = await makeDefaultAddress(deps, req.principal!.userId, params.id);
    res.json({ success: true, message: addressBookMessages.defaultAddressSet, user });
  });

  registerRoute(r, routes['DELETE /phones/:phone'], async (req, res, { params }) => {
    const user = await deletePhone(deps, req.principal!.userId, params.phone);
    res.json({ success: true, message: addressBookMessages.phoneDeleted, user });
  });

  registerRoute(r, routes['POST /phones/:phone/default'], async (req, res, { params }) => {
    const user = await makeDefaultPhone(deps, req.principal!.userId, params.phone);
    res.json({ success: true, message: addressBookMessages.defaultPhoneSet, user });
  });

  return r;
}
