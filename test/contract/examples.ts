// Payloads built from what the spec itself states (field tables of 2.1-2.5 and 4.1-4.3): the
// "spec's own examples" every schema must accept.
import type { Address, Customer } from '../../contract/schemas/customer.ts';
import type { ReportItem, ReportRequest } from '../../contract/schemas/report.ts';

export const successEnvelope = { status: true, message: 'Order status updated successfully', code: '200', response: null };

export const address: Address = {
  addressId: 0,
  addressLine1: '12 MG Road',
  addressLine2: 'Near Metro',
  cityCode: 'MUM',
  cityName: '',
  countriesCode: 'IN',
  countriesName: '',
  stateCode: '27',
  stateName: '',
  pinCode: '400001',
  isDefault: 1,
  gstType: 'UnRegistered',
  gstin: '',
  firstName: 'Asha',
  lastName: 'Rao',
  companyName: '',
  panNo: '',
  contactNo: '9876543210',
  contactEmail: '',
};

export const customer: Customer = {
  accountCustomId: 101,
  contactId: 0,
  contactType: 'Wholesale',
  firstName: 'Asha',
  lastName: '',
  companyName: '',
  email: '',
  mobNo: '9876543210',
  telephone: '',
  whatsappNo: '9876543210',
  dateOfBirth: '',
  anniversaryDate: '',
  gstType: 'UnRegistered',
  gstin: '',
  panNo: '',
  opening: '0.00',
  openingType: 'debitAmount',
  creditLimit: '50000',
  remark: '',
  deletedAddressIds: [],
  contactAddressDTO: [address, { ...address, isDefault: 0 }],
};

export const reportRequest: ReportRequest = {
  dateFrom: '2026-01-01T00:00:00Z',
  dateTo: '2026-04-30T23:59:59Z',
  branchList: '1,2',
  limit: 10,
  offset: 0,
  moduleName: ['bom', 'mc'],
  recipeIds: '',
  productIds: '',
  categoryIds: '',
  subCategoryIds: '',
  brandIds: '',
  subBrandIds: '',
  departmentIds: '',
};

export const reportItem: ReportItem = {
  transactionId: 7,
  transactionNo: 'CP-000007',
  date: '05/01/2026',
  module: 'bom',
  moduleName: 'Recipe',
  consumedProduct: 'Flour,Sugar',
  consumedQty: '2.5,1',
  consumedMeasurementCode: 'KG,KG',
  consumedLandingCost: '80.00,45.50',
  producedProduct: 'Cake',
  producedQty: '4',
  producedMeasurementCode: 'PCS',
  producedLandingCost: '125.50',
  producedSellingPrice: '200.00',
  producedMargin: '74.50',
};
