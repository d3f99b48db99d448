import { SUPPORT_MSG, CEP_NOT_FOUND_CODE, type AddressLookupDto } from '@guarita/domain';
import { AppError } from '../../lib/errors';
import type { CepLookup } from '../../ports/cep';

/** CEP → address for the registration-change form (spec 001 §5, §7 call 11, §8 'CEP não encontrado'). */
export class AddressesService {
  constructor(private readonly cep: CepLookup) {}

  async lookup(cepDigits: string): Promise<AddressLookupDto> {
    let found: AddressLookupDto | null;
    try {
      found = await this.cep.lookup(cepDigits);
    } catch (err) {
      // The outside service is away: the customer can still type the address.
      throw new AppError(503, 'CEP_LOOKUP_UNAVAILABLE', SUPPORT_MSG.cepUnavailable, {}, err);
    }
    if (!found) throw new AppError(404, 'CEP_NOT_FOUND', SUPPORT_MSG.cepNotFound).withDetails({ Erro: CEP_NOT_FOUND_CODE });
    return found;
  }
}
