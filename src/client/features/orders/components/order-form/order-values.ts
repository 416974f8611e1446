/** The order form's values as typed, and the order they stand for. */

export interface LineValues {
  ItemNumber: string;
  /** As typed: a number, text the schema refuses (`1.`), or '' before anything is typed. */
  QtyOrdered: number | string;
  /**
   * The line's own ship date from a quick order's sheet, '' for the order's date. Optional, since
   * drafts saved before lines had dates have none.
   */
  RequestedShipDate?: string;
}

export interface OrderFormValues {
  PoNumber: string;
  RequestedShipDate: string;
  ShipTo: string;
  /** An address of the customer's book; null means its default (what the picker preselects). */
  ShipToAddressId: number | null;
  Notes: string;
  Lines: LineValues[];
}

export const emptyLine = (): LineValues => ({ ItemNumber: '', QtyOrdered: '' });

export const initialValues = (): OrderFormValues => ({
  PoNumber: '',
  RequestedShipDate: '',
  ShipTo: '',
  ShipToAddressId: null,
  Notes: '',
  Lines: [emptyLine()],
});

/**
 * The order the form's values stand for: an empty date field is no date, which the API takes as
 * null (it refuses `''`, which is not a date). The form validates this, and sends its parse.
 */
export const toOrderInput = (values: OrderFormValues) => ({
  ...values,
  RequestedShipDate: values.RequestedShipDate === '' ? null : values.RequestedShipDate,
  Lines: values.Lines.map(({ RequestedShipDate, ...line }) =>
    RequestedShipDate ? { ...line, RequestedShipDate } : line,
  ),
  // A draft kept from before the address book has no choice: the default then.
  ShipToAddressId: values.ShipToAddressId ?? null,
});

/** A line's quantity as a number (an empty field counts as none; the review follows validation). */
export const qtyOf = (line: LineValues): number =>
  typeof line.QtyOrdered === 'number' ? line.QtyOrdered : 0;
