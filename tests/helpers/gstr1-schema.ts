/**
 * GSTR-1 as GSTN's offline tool and its GSTR-1 save API take it, written down as a zod schema for
 * the tests (docs/toolchain.md cites the sources): section and field names, `fp` MMYYYY, dates
 * DD-MM-YYYY, `pos` a two-digit state code, GSTINs of 15 characters, amounts in rupees with at
 * most two decimals, rates from GST's slabs, `rchrg` Y/N, note type C/D. Strict objects: a field
 * the tool does not know fails the test.
 */
import * as z from 'zod';

const amount = z
  .number()
  .refine(
    (value) => Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    {
      message: 'rupees with at most two decimals',
    },
  );
const rate = z.union([0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40].map((r) => z.literal(r)));
const gstin = z.string().regex(/^[0-9]{2}[0-9A-Z]{13}$/);
const date = z.string().regex(/^(0[1-9]|[12][0-9]|3[01])-(0[1-9]|1[0-2])-20[0-9]{2}$/);
const pos = z.string().regex(/^(0[1-9]|[1-3][0-9])$/);
const docNumber = z
  .string()
  .min(1)
  .max(16)
  .regex(/^[A-Za-z0-9/-]+$/);

const itemDetail = z.strictObject({
  txval: amount,
  rt: rate,
  iamt: amount,
  camt: amount,
  samt: amount,
  csamt: amount,
});
const items = z
  .array(z.strictObject({ num: z.number().int().positive(), itm_det: itemDetail }))
  .min(1);

const hsnTab = z
  .array(
    z.strictObject({
      num: z.number().int().positive(),
      hsn_sc: z.string().regex(/^[0-9]{4,8}$/),
      desc: z.optional(z.string().max(30)),
      uqc: z.string(),
      qty: z.number(),
      rt: rate,
      txval: amount,
      iamt: amount,
      camt: amount,
      samt: amount,
      csamt: amount,
    }),
  )
  .min(1);

export const gstr1Schema = z.strictObject({
  gstin,
  fp: z.string().regex(/^(0[1-9]|1[0-2])20[0-9]{2}$/),
  b2b: z.array(
    z.strictObject({
      ctin: gstin,
      inv: z.array(
        z.strictObject({
          inum: docNumber,
          idt: date,
          val: amount,
          pos,
          rchrg: z.enum(['Y', 'N']),
          inv_typ: z.enum(['R', 'SEWP', 'SEWOP', 'DE', 'CBW']),
          itms: items,
        }),
      ),
    }),
  ),
  b2cl: z.optional(
    z.array(
      z.strictObject({
        pos,
        inv: z.array(z.strictObject({ inum: docNumber, idt: date, val: amount, itms: items })),
      }),
    ),
  ),
  b2cs: z.array(
    z.strictObject({
      sply_ty: z.enum(['INTRA', 'INTER']),
      pos,
      typ: z.enum(['OE', 'E']),
      rt: rate,
      txval: amount,
      iamt: amount,
      camt: amount,
      samt: amount,
      csamt: amount,
    }),
  ),
  cdnr: z.array(
    z.strictObject({
      ctin: gstin,
      nt: z.array(
        z.strictObject({
          ntty: z.enum(['C', 'D']),
          nt_num: docNumber,
          nt_dt: date,
          val: amount,
          pos,
          rchrg: z.enum(['Y', 'N']),
          inv_typ: z.enum(['R', 'SEWP', 'SEWOP', 'DE', 'CBW']),
          itms: items,
        }),
      ),
    }),
  ),
  cdnur: z.optional(
    z.array(
      z.strictObject({
        ntty: z.enum(['C', 'D']),
        nt_num: docNumber,
        nt_dt: date,
        val: amount,
        pos,
        typ: z.enum(['B2CL', 'EXPWP', 'EXPWOP']),
        itms: items,
      }),
    ),
  ),
  // Table 12 in its two tabs (GSTN's advisory of 1 May 2025, from the May 2025 period): `hsn_b2b`
  // and `hsn_b2c` replace the single `data` list; a tab with nothing in it is left out (a month
  // with no supplies has neither).
  hsn: z.strictObject({ hsn_b2b: z.optional(hsnTab), hsn_b2c: z.optional(hsnTab) }),
  doc_issue: z.strictObject({
    doc_det: z.array(
      z.strictObject({
        doc_num: z.number().int().min(1).max(12),
        doc_typ: z.optional(z.string()),
        docs: z.array(
          z.strictObject({
            num: z.number().int().positive(),
            from: docNumber,
            to: docNumber,
            totnum: z.number().int().nonnegative(),
            cancel: z.number().int().nonnegative(),
            net_issue: z.number().int().nonnegative(),
          }),
        ),
      }),
    ),
  }),
});
