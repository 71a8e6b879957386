// The preflight's customer: with writes allowed, one customer is created with the config's master
// data (its first contact type, one address per configured city with that city's state, the
// country, both dates in the configured format) and read back when readBack.getContactById is
// set. A 400 whose text names a field the config decides is the config's mistake, not the
// vendor's: the run stops as preflight-failed naming the key (a wrong dateFormat would otherwise
// come out as "CU-1 failed: dateOfBirth must be empty or a date ..."). Anything else (a 400 naming
// another field, a 5xx, a read that does not answer) may be a vendor defect: it is written as a
// note and the suites judge it.
import type { Client } from '../../../client/operations.ts';
import type { RunConfig } from '../../../config/schema.ts';
import { createdContactId } from '../../../contract/checks/customer.ts';
import type { Customer } from '../../../contract/schemas/customer.ts';
import type { Exchange } from '../../../core/types.ts';
import type { PreflightCustomer } from '../../../runtime/protocol.ts';
import { formatDate } from '../../../generators/calendar-date.ts';
import type { PreflightProblem } from './types.ts';
import { preflightSays } from '../../../core/words/preflight.ts';

/** At most this many cities go into the one customer (one address each). */
const MAX_CITIES = 5;

/** A mobile number no earlier run sent (a target may keep them unique): from the clock. */
function freshMobile(): string {
  return `9${String(Date.now() % 1e9).padStart(9, '0')}`;
}

export function preflightCustomerBody(config: RunConfig): Customer {
  const c = config.fixtures.customer;
  // 2.3 dateOfBirth: "empty string when absent"; a day above 12 tells day from month.
  const day = c.dateFormat ? formatDate(new Date(Date.UTC(1990, 4, 23)), c.dateFormat) : '';
  const mob = freshMobile();
  const cities = Object.entries(c.cities).slice(0, MAX_CITIES);
  return {
    accountCustomId: Number(mob.slice(-6)),
    contactId: 0,
    contactType: c.contactTypes[0]!,
    firstName: 'Preflight',
    lastName: 'Check',
    companyName: 'Preflight Check Traders',
    email: `preflight.${mob}@example.com`,
    mobNo: mob,
    telephone: '',
    whatsappNo: mob,
    dateOfBirth: day,
    anniversaryDate: day,
    gstType: 'UnRegistered',
    gstin: '',
    panNo: '',
    opening: '0.00',
    openingType: 'debitAmount',
    creditLimit: '0',
    remark: 'erp-conformance preflight',
    deletedAddressIds: [],
    contactAddressDTO: cities.map(([cityCode, stateCode], i) => ({
      addressId: 0,
      addressLine1: `${i + 1} Preflight Road`,
      addressLine2: '',
      cityCode,
      cityName: '',
      countriesCode: c.countriesCode,
      countriesName: '',
      stateCode,
      stateName: '',
      pinCode: '400001',
      isDefault: i === 0 ? 1 : 0,
      gstType: 'UnRegistered',
      gstin: '',
      firstName: 'Preflight',
      lastName: 'Check',
      companyName: '',
      panNo: '',
      contactNo: mob,
      contactEmail: '',
    })),
  };
}

/** The fields the config decides, as a refusal may name them (compared without case, spaces, _ or -). */
const CONFIG_FIELDS: { words: string[]; key: string; what: (config: RunConfig) => string }[] = [
  {
    words: ['dateofbirth', 'anniversarydate', 'birth', 'anniversary'],
    key: 'fixtures.customer.dateFormat',
    what: (c) => `dates written ${c.fixtures.customer.dateFormat}`,
  },
  { words: ['contacttype'], key: 'fixtures.customer.contactTypes', what: (c) => `contactType ${JSON.stringify(c.fixtures.customer.contactTypes[0])}` },
  {
    words: ['citycode', 'city', 'statecode', 'state'],
    key: 'fixtures.customer.cities',
    what: (c) => `cities ${JSON.stringify(Object.fromEntries(Object.entries(c.fixtures.customer.cities).slice(0, MAX_CITIES)))}`,
  },
  {
    words: ['countriescode', 'country', 'countries'],
    key: 'fixtures.customer.countriesCode',
    what: (c) => `countriesCode ${JSON.stringify(c.fixtures.customer.countriesCode)}`,
  },
  { words: ['branchid', 'branch'], key: 'fixtures.branchId', what: (c) => `branch_id ${c.fixtures.branchId}` },
];

const squash = (s: string) => s.toLowerCase().replace(/[\s_\-.]+/g, '');

/** The config keys a refusal's text names (the error body's shape is "not shown", spec 7: its whole text is read). */
export function keysNamed(text: string): string[] {
  const t = squash(text);
  return CONFIG_FIELDS.filter((f) => f.words.some((w) => t.includes(w))).map((f) => f.key);
}

function errorText(ex: Exchange): string {
  const msg = (ex.json as { message?: unknown } | undefined)?.message;
  return typeof msg === 'string' ? msg : (ex.response?.body ?? '').slice(0, 300);
}

export async function customerFixtures(
  client: Client,
  config: RunConfig,
  problems: PreflightProblem[],
  notes: string[],
): Promise<PreflightCustomer | undefined> {
  if (!config.writes) {
    notes.push(preflightSays('customerNoWrites'));
    return undefined;
  }
  const branchId = config.fixtures.branchId;
  const sent = preflightCustomerBody(config);
  const created = await client.createCustomer({ branchId, body: sent });
  const status = created.response?.status;
  if (status === 400) {
    const text = errorText(created);
    const keys = keysNamed(text);
    for (const key of keys) {
      const f = CONFIG_FIELDS.find((x) => x.key === key)!;
      problems.push({
        key,
        problem: preflightSays('customerRefused', { what: f.what(config), text: JSON.stringify(text.slice(0, 200)), key }),
      });
    }
    if (keys.length === 0) notes.push(preflightSays('customerRefusedElse', { text: JSON.stringify(text.slice(0, 200)) }));
    return { branchId, sent, created };
  }
  const contactId = createdContactId(created);
  if (status !== 200 || contactId === undefined) {
    const answered = `${created.response ? `HTTP ${status}` : 'nothing'}${status === 200 ? ' without a contactId' : ''}`;
    notes.push(preflightSays('customerUnanswered', { answered }));
    return { branchId, sent, created };
  }
  const template = config.readBack?.getContactById;
  if (!template) {
    notes.push(preflightSays('contactNotReadBack', { contactId: String(contactId) }));
    return { branchId, sent, contactId, created };
  }
  const read = await client.readContact({ template, contactId, branchId });
  if (read.response?.status !== 200) {
    const answered = read.response ? `HTTP ${read.response.status}` : 'no answer';
    notes.push(preflightSays('contactReadFailed', { contactId: String(contactId), answered, template }));
  }
  return { branchId, sent, contactId, created, read };
}

/** What the config leaves out that weakens the run (said on the console, not only in the JSON). */
export function weakeningNotes(config: RunConfig): string[] {
  const notes: string[] = [];
  // With Order Create (and writes) the parallel updates take vouchers made in the run (suites/order-status/fresh.ts).
  const made = config.writes !== false && config.operations?.['order-create'] !== undefined;
  if (!made && !config.fixtures.sales.parallel?.length) notes.push(preflightSays('noParallel'));
  else if (!config.readBack?.orderStatus)
    notes.push(preflightSays('parallelUnread', { source: made ? 'operations["order-create"]' : 'fixtures.sales.parallel' }));
  return notes;
}
