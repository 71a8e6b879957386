// 3 States and 4.1 Update Order Status.
import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

/** 3: "Pending, Confirmed, Processing, Shipped, Delivered, Cancelled". */
export const ORDER_STATUSES = ['Pending', 'Confirmed', 'Processing', 'Shipped', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const orderStatus = z.enum(ORDER_STATUSES);

export const orderStatusRequest = z.strictObject({
  // 4.1: "orderStatus | string | yes | one of the values in section 3"
  orderStatus,
  // 4.1: "reason | integer | no | ... when present must be a valid number"
  reason: z.number().int().optional(),
});
export type OrderStatusRequest = z.infer<typeof orderStatusRequest>;

/** 4.1 Success: "status true, ... code as string of 200, response null". */
export const orderStatusSuccess = envelopeOf(z.null()).extend({ status: z.literal(true), code: z.literal('200') });
