// 2.3 Customer contact, 2.4 Address object, 4.2 contactSave.
import { z } from 'zod';
import { DECIMAL_TEXT } from '../../core/formats.ts';
import { envelopeOf, jsonInteger } from './envelope.ts';

export const GST_TYPES = ['UnRegistered', 'Registered'] as const;
export const gstType = z.enum(GST_TYPES);

export const address = z.strictObject({
  addressId: jsonInteger, // "0 for a new address"
  addressLine1: z.string(),
  addressLine2: z.string(),
  cityCode: z.string(), // "code of a city from the city list"
  cityName: z.string(), // "may be empty string"
  countriesCode: z.string(),
  countriesName: z.string(),
  stateCode: z.string(),
  stateName: z.string(),
  pinCode: z.string(),
  isDefault: z.union([z.literal(0), z.literal(1)]), // "1 marks the default address, 0 otherwise"
  gstType,
  gstin: z.string(), // "empty string when unregistered"
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  panNo: z.string(),
  contactNo: z.string(),
  contactEmail: z.string(),
});
export type Address = z.infer<typeof address>;

export const customer = z.strictObject({
  accountCustomId: z.number().int(),
  contactId: jsonInteger, // "0 when creating"
  contactType: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  email: z.string(),
  mobNo: z.string(),
  telephone: z.string(),
  whatsappNo: z.string(),
  dateOfBirth: z.string(), // "empty string when absent"
  anniversaryDate: z.string(),
  gstType,
  gstin: z.string(),
  panNo: z.string(),
  opening: z.string().regex(DECIMAL_TEXT, 'opening is a decimal amount as text'),
  openingType: z.string(), // "value seen: debitAmount"
  creditLimit: z.string().regex(DECIMAL_TEXT, 'creditLimit is a numeric amount as text'),
  remark: z.string(),
  deletedAddressIds: z.array(jsonInteger),
  contactAddressDTO: z.array(address),
});
export type Customer = z.infer<typeof customer>;

/** 4.2 Success: "response an object with contactId (integer, id of the created contact)". */
export const customerCreated = envelopeOf(z.object({ contactId: jsonInteger }).loose()).extend({
  status: z.literal(true),
  code: z.literal('200'),
});

/** Read-back extension (Get Contact By Id): the saved customer, addresses with their ids. */
export const customerReadBack = envelopeOf(customer.partial().loose()).extend({ status: z.literal(true) });
