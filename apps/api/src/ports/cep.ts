import { maskCep, type AddressLookupDto } from '@guarita/domain';
import { LRUCache } from 'lru-cache';

/**
 * Address (CEP) lookup port (spec 001 §7 call 11). `lookup` answers the address of an 8-digit CEP, or null when
 * the CEP does not exist; it throws when the outside service cannot answer (the route turns that into a 503 and
 * the customer types the address). Built-in: a table of real CEPs (every state capital and the demo addresses),
 * so demo mode and tests work with no network. `ViaCepLookup` asks ViaCEP (or a service with its JSON shape).
 */
export interface CepLookup {
  readonly name: string;
  lookup(cepDigits: string): Promise<AddressLookupDto | null>;
}

type Row = readonly [cep: string, logradouro: string, bairro: string, municipio: string, uf: string, ibge: string];

/**
 * Real CEPs: one in every state capital, plus the addresses of the demo customers (Belo Horizonte, São Paulo).
 * Street, district and IBGE municipality code as the Correios' base lists them.
 */
export const BUILT_IN_CEPS: readonly Row[] = [
  ['69900004', 'Rua Barbosa Lima', 'Base', 'Rio Branco', 'AC', '1200401'],
  ['57020070', 'Rua do Sol', 'Centro', 'Maceió', 'AL', '2704302'],
  ['68900073', 'Avenida FAB', 'Central', 'Macapá', 'AP', '1600303'],
  ['69020060', 'Rua Major Gabriel', 'Centro', 'Manaus', 'AM', '1302603'],
  ['40140650', 'Largo do Farol da Barra', 'Barra', 'Salvador', 'BA', '2927408'],
  ['60020060', 'Rua Marechal Deodoro', 'Benfica', 'Fortaleza', 'CE', '2304400'],
  ['70100000', 'Praça dos Três Poderes', 'Zona Cívico-Administrativa', 'Brasília', 'DF', '5300108'],
  ['29040860', 'Rua Barão de Mauá', 'Jucutuquara', 'Vitória', 'ES', '3205309'],
  ['74003010', 'Avenida Goiás', 'Setor Central', 'Goiânia', 'GO', '5208707'],
  ['65066320', 'Rua General Artur Carvalho', 'Turu', 'São Luís', 'MA', '2111300'],
  ['78075300', 'Rua Sabiá', 'Recanto dos Pássaros', 'Cuiabá', 'MT', '5103403'],
  ['79023320', 'Rua Xavantina', 'Vila Margarida', 'Campo Grande', 'MS', '5002704'],
  ['30160011', 'Rua da Bahia', 'Centro', 'Belo Horizonte', 'MG', '3106200'],
  ['30130150', 'Rua Pernambuco', 'Funcionários', 'Belo Horizonte', 'MG', '3106200'],
  ['30140001', 'Avenida Brasil', 'Santa Efigênia', 'Belo Horizonte', 'MG', '3106200'],
  ['30110044', 'Avenida do Contorno', 'Savassi', 'Belo Horizonte', 'MG', '3106200'],
  ['66823089', 'Alameda Vinte e Três', 'Coqueiro', 'Belém', 'PA', '1501402'],
  ['58015430', 'Avenida Primeiro de Maio', 'Jaguaribe', 'João Pessoa', 'PB', '2507507'],
  ['81280340', 'Rua Deputado Heitor Alencar Furtado', 'Cidade Industrial', 'Curitiba', 'PR', '4106902'],
  ['50030320', 'Praça Rio Branco', 'Recife', 'Recife', 'PE', '2611606'],
  ['64088630', 'Rua Quinze de Novembro', 'Todos os Santos', 'Teresina', 'PI', '2211001'],
  ['20020100', 'Avenida Nilo Peçanha', 'Centro', 'Rio de Janeiro', 'RJ', '3304557'],
  ['59080450', 'Rua Raimundo de Medeiros Dantas', 'Neópolis', 'Natal', 'RN', '2408102'],
  ['90420010', 'Rua Domingos José Poli', 'Auxiliadora', 'Porto Alegre', 'RS', '4314902'],
  ['76801799', 'Avenida dos Imigrantes', 'São Sebastião', 'Porto Velho', 'RO', '1100205'],
  ['69313348', 'Rua Heráclito Cavalcante', 'Cambará', 'Boa Vista', 'RR', '1400100'],
  ['88035350', 'Rua João Carlos de Souza', 'Santa Mônica', 'Florianópolis', 'SC', '4205407'],
  ['01001000', 'Praça da Sé', 'Sé', 'São Paulo', 'SP', '3550308'],
  ['01310100', 'Avenida Paulista', 'Bela Vista', 'São Paulo', 'SP', '3550308'],
  ['49048370', 'Rua Vereador Etelvino Barreto', 'Luzia', 'Aracaju', 'SE', '2800308'],
  ['77023432', 'Quadra ARSE 92 Alameda 9', 'Plano Diretor Sul', 'Palmas', 'TO', '1721000'],
];

const toDto = ([cep, Logradouro, Bairro, Municipio, UF, CodigoIbge]: Row): AddressLookupDto => ({
  Cep: maskCep(cep),
  Logradouro,
  Bairro,
  Municipio,
  UF,
  CodigoIbge,
});

/** The built-in table: works offline; any CEP not in it is 'CEP não encontrado'. */
export class BuiltInCepTable implements CepLookup {
  readonly name = 'built-in';
  private readonly rows = new Map(BUILT_IN_CEPS.map((r) => [r[0], r]));

  lookup(cepDigits: string): Promise<AddressLookupDto | null> {
    const row = this.rows.get(cepDigits);
    return Promise.resolve(row ? toDto(row) : null);
  }
}

/** ViaCEP's answer (`GET {base}/{cep}/json/`): the address, or `{ "erro": true }` (older: "true") for an unknown CEP. */
interface ViaCepAnswer {
  cep?: string;
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
  ibge?: string;
  erro?: boolean | string;
}

/** The outside service failed (network, timeout, 5xx, an answer that is not ViaCEP's shape). */
export class CepLookupUnavailable extends Error {
  constructor(reason: string, cause?: unknown) {
    super(`CEP lookup unavailable: ${reason}`, { cause });
    this.name = 'CepLookupUnavailable';
  }
}

export interface ViaCepOptions {
  /** e.g. https://viacep.com.br/ws (no trailing slash needed). */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Answers kept in memory (found: a day; not found: an hour), so typing the same CEP again asks nobody. */
  cacheEntries?: number;
}

const FOUND_TTL_MS = 24 * 3600_000;
const NOT_FOUND_TTL_MS = 3600_000;

/** ViaCEP adapter: one GET per lookup (answers cached in memory), a timeout, and its two answers mapped to ours. */
export class ViaCepLookup implements CepLookup {
  readonly name = 'viacep';
  private readonly base: string;
  /** A CEP → its address, or `null` for a CEP ViaCEP does not know (kept for less time). */
  private readonly cache: LRUCache<string, { value: AddressLookupDto | null }>;
  constructor(private readonly opts: ViaCepOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.cache = new LRUCache({ max: opts.cacheEntries ?? 5000 });
  }

  async lookup(cepDigits: string): Promise<AddressLookupDto | null> {
    if (!/^\d{8}$/.test(cepDigits)) return null;
    const hit = this.cache.get(cepDigits);
    if (hit) return hit.value;
    const value = await this.ask(cepDigits); // failures are not cached: the next try asks again
    this.cache.set(cepDigits, { value }, { ttl: value ? FOUND_TTL_MS : NOT_FOUND_TTL_MS });
    return value;
  }

  private async ask(cepDigits: string): Promise<AddressLookupDto | null> {
    const doFetch = this.opts.fetch ?? fetch;
    let res: Response;
    try {
      res = await doFetch(`${this.base}/${cepDigits}/json/`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000),
      });
    } catch (err) {
      throw new CepLookupUnavailable('no answer', err);
    }
    // ViaCEP answers 400 for a malformed CEP; we only send 8 digits, so treat it as "not found".
    if (res.status === 400 || res.status === 404) return null;
    if (!res.ok) throw new CepLookupUnavailable(`HTTP ${res.status}`);
    let body: ViaCepAnswer;
    try {
      body = (await res.json()) as ViaCepAnswer;
    } catch (err) {
      throw new CepLookupUnavailable('not JSON', err);
    }
    if (body.erro === true || body.erro === 'true') return null;
    if (typeof body.uf !== 'string' || !/^[A-Z]{2}$/.test(body.uf) || typeof body.localidade !== 'string') {
      throw new CepLookupUnavailable('unexpected answer');
    }
    return {
      Cep: maskCep(cepDigits),
      Logradouro: body.logradouro ?? '',
      Bairro: body.bairro ?? '',
      Municipio: body.localidade,
      UF: body.uf,
      CodigoIbge: /^\d{7}$/.test(body.ibge ?? '') ? body.ibge! : '',
    };
  }
}
