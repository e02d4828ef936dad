import type { AdminOrder, AdminPayment, AuditEntry, ReviewDetails } from '../../domain/admin';
import type { OrderRecord } from '../../ports/orders';
import type { GatewayPayment } from '../../ports/payment-gateway';

/**
 * The payment attempts the stored order knows of, newest state first: the one that paid it, the
 * one in review, the one refunded, the last that failed. A payment that moved from review to paid
 * is shown once, as paid.
 */
export function paymentsOfOrder(order: OrderRecord): AdminPayment[] {
  const payments: AdminPayment[] = [];
  const add = (payment: AdminPayment) => {
    if (!payments.some((p) => p.paymentId === payment.paymentId)) payments.push(payment);
  };
  if (order.paymentId) {
    add({ paymentId: order.paymentId, status: 'paid', at: order.paidAt ?? order.updatedAt });
  }
  if (order.refundedPaymentId) {
    add({
      paymentId: order.refundedPaymentId,
      status: 'refunded',
      at: order.updatedAt,
      ...(order.refundReason ? { reason: order.refundReason } : {}),
    });
  }
  if (order.reviewPaymentId) {
    add({
      paymentId: order.reviewPaymentId,
      status: 'review',
      at: order.updatedAt,
      ...(order.reviewReason ? { reason: order.reviewReason } : {}),
    });
  }
  if (order.failedPaymentId) {
    add({
      paymentId: order.failedPaymentId,
      status: 'failed',
      at: order.updatedAt,
      ...(order.failureReason ? { reason: order.failureReason } : {}),
    });
  }
  return payments;
}

/**
 * The order as the console shows it. `reviewPayment` is Razorpay's word on the payment in review
 * (what was paid), when it was asked; `audit` is what operators did to the order.
 */
export function toAdminOrder(
  order: OrderRecord,
  audit: AuditEntry[],
  reviewPayment?: GatewayPayment,
): AdminOrder {
  const payments = paymentsOfOrder(order).map((payment) =>
    reviewPayment && payment.paymentId === reviewPayment.id
      ? {
          ...payment,
          amountPaise: reviewPayment.amountPaise,
          currency: reviewPayment.currency,
          gatewayStatus: reviewPayment.status,
        }
      : payment,
  );
  const admin: AdminOrder = {
    orderId: order.orderId,
    userId: order.userId,
    email: order.email,
    planId: order.planId,
    planName: order.planName,
    amountPaise: order.amountPaise,
    status: order.status,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    payments,
    audit,
  };
  if (order.reviewReason) admin.reviewReason = order.reviewReason;
  if (order.status === 'review' && order.reviewPaymentId) {
    const review: ReviewDetails = {
      paymentId: order.reviewPaymentId,
      expectedPaise: order.amountPaise,
    };
    if (reviewPayment?.id === order.reviewPaymentId) {
      review.paidPaise = reviewPayment.amountPaise;
      review.currency = reviewPayment.currency;
      review.gatewayStatus = reviewPayment.status;
    }
    admin.review = review;
  }
  return admin;
}
