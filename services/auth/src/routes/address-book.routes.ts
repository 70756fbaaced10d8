import { Router } from 'express';
import { addressBookMessages, addressEntrySchema, pinQuerySchema } from '@shop/proto-contracts';
import { clientAddress, notFound, requireLogin } from '@shop/platform';
import type { AuthDeps } from '../domain/auth-deps';
import { addBookAddress, deleteBookAddress, findPinPlace, makeDefaultAddress, updateBookAddress } from '../domain/address-book.service';
import { deletePhone, makeDefaultPhone } from '../domain/user.service';
import { parseInput } from '../parse-input';

/**
 * The address book and saved phones of the logged-in account (decision 0065), and the public PIN
 * lookup that fills in an address form (decision 0066). Each answer carries the account as it now is.
 */
export function addressBookRoutes(deps: AuthDeps): Router {
  const r = Router();

  r.get('/pincode/:pin', async (req, res) => {
    const { pin } = parseInput(pinQuerySchema, { pin: req.params.pin });
    const place = await findPinPlace(deps, pin, { ip: clientAddress(req) });
    if (!place) throw notFound(addressBookMessages.pinNotFound);
    res.set('Cache-Control', 'public, max-age=86400').json({ success: true, place });
  });

  r.post('/addresses', requireLogin, async (req, res) => {
    const { user, addressId } = await addBookAddress(deps, req.principal!.userId, parseInput(addressEntrySchema, req.body));
    res.status(201).json({ success: true, message: addressBookMessages.addressAdded, addressId, user });
  });

  r.put('/addresses/:id', requireLogin, async (req, res) => {
    const user = await updateBookAddress(deps, req.principal!.userId, String(req.params.id), parseInput(addressEntrySchema, req.body));
    res.json({ success: true, message: addressBookMessages.addressUpdated, user });
  });

  r.delete('/addresses/:id', requireLogin, async (req, res) => {
    const user = await deleteBookAddress(deps, req.principal!.userId, String(req.params.id));
    res.json({ success: true, message: addressBookMessages.addressDeleted, user });
  });

  r.post('/addresses/:id/default', requireLogin, async (req, res) => {
    const user = await makeDefaultAddress(deps, req.principal!.userId, String(req.params.id));
    res.json({ success: true, message: addressBookMessages.defaultAddressSet, user });
  });

  r.delete('/phones/:phone', requireLogin, async (req, res) => {
    const user = await deletePhone(deps, req.principal!.userId, String(req.params.phone));
    res.json({ success: true, message: addressBookMessages.phoneDeleted, user });
  });

  r.post('/phones/:phone/default', requireLogin, async (req, res) => {
    const user = await makeDefaultPhone(deps, req.principal!.userId, String(req.params.phone));
    res.json({ success: true, message: addressBookMessages.defaultPhoneSet, user });
  });

  return r;
}
