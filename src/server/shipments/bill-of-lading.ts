/**
 * The straight bill of lading of one shipment, short form and not negotiable, laid out with the
 * fields of the VICS standard bill of lading: ship from, ship to, third-party freight charges bill
 * to, carrier and SCAC, trailer and seal, special instructions, the customer order information,
 * the carrier information (handling units and package type, weight, commodity, NMFC number and
 * class) and the signatures of shipper, carrier and consignee. The BOL number is printed as a
 * Code 128 barcode drawn by bwip-js, so a dock's scanner reads it.
 */
import bwipjs from 'bwip-js/node';
import { formatDate, formatQty } from '../../shared/format';
import { PACKAGE_TYPES, type PackageType } from '../../shared/freight';
import { formatPounds } from './packing-list';
import { box, cell, drawPdf, PAGE_MARGIN, table, type ShippingPaperData } from './paper';

/** Raise with any change to the drawing below: kept copies drawn the old way are drawn anew. */
export const BILL_OF_LADING_LAYOUT = 1;

export function billOfLadingFileName(orderNumber: number, shipmentId: number): string {
  return `bill-of-lading-order-${orderNumber}-shipment-${shipmentId}.pdf`;
}

/**
 * The number the bill of lading goes by: the one staff gave, else the portal's own for the
 * shipment, so that every bill has a number to scan.
 */
export const bolNumberOf = (data: Pick<ShippingPaperData, 'BolNumber' | 'ShipmentId'>): string =>
  data.BolNumber || `SHIP-${data.ShipmentId}`;

/** The BOL number as a Code 128 barcode, a PNG at 300 dpi-ish for the page to scale down. */
export function bolBarcode(value: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'code128',
    text: value,
    scale: 3,
    height: 12,
    includetext: false,
    paddingwidth: 10,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
}

export async function renderBillOfLading(data: ShippingPaperData): Promise<Buffer> {
  const number = bolNumberOf(data);
  const barcode = await bolBarcode(number);
  return drawPdf(`Bill of lading ${number}`, (doc) => {
    const width = doc.page.width - 2 * PAGE_MARGIN;
    const left = PAGE_MARGIN;
    const half = width / 2;
    let y = PAGE_MARGIN;

    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .text('STRAIGHT BILL OF LADING', left, y, { width: half });
    doc
      .font('Helvetica')
      .fontSize(8)
      .text('Short form, not negotiable', left, y + 17, { width: half })
      .text(`Date: ${formatDate(data.ShipDate)}`, left, y + 28, { width: half });
    doc.image(barcode, left + half + 20, y, { fit: [half - 20, 34], align: 'right' });
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`Bill of lading number: ${number}`, left + half, y + 37, {
        width: half,
        align: 'right',
      });
    y += 54;

    // Left column: the parties; right column: the carrier and the load's references.
    box(doc, left, y, half, 78, 'Ship from', data.Shipper);
    cell(doc, left + half, y, half, 26, 'Carrier name', data.Carrier);
    cell(doc, left + half, y + 26, half / 2, 26, 'SCAC', data.Scac);
    cell(
      doc,
      left + half + half / 2,
      y + 26,
      half / 2,
      26,
      'Pro / tracking number',
      data.TrackingNumber,
    );
    cell(doc, left + half, y + 52, half / 2, 26, 'Trailer number', data.TrailerNumber);
    cell(doc, left + half + half / 2, y + 52, half / 2, 26, 'Seal number(s)', data.SealNumber);
    y += 78;
    box(doc, left, y, half, 84, 'Ship to', [data.CustomerName, ...data.ShipTo]);
    cell(doc, left + half, y, half / 2, 26, 'Customer PO', data.PoNumber);
    cell(doc, left + half + half / 2, y, half / 2, 26, 'Order number', String(data.OrderNumber));
    cell(
      doc,
      left + half,
      y + 26,
      half,
      26,
      'Freight charge terms',
      'Prepaid unless marked otherwise',
    );
    cell(doc, left + half, y + 52, half, 32, 'Shipment', `#${data.ShipmentId}`);
    y += 84;
    box(doc, left, y, width, 42, 'Third party freight charges bill to', [
      'None: freight charges are billed to the shipper above.',
    ]);
    y += 42;
    const instructions = [data.DeliveryNotes, data.OrderNotes && `Order note: ${data.OrderNotes}`];
    box(doc, left, y, width, 44, 'Special instructions', instructions.filter(Boolean));
    y += 52;

    doc.font('Helvetica-Bold').fontSize(8.5).text('CUSTOMER ORDER INFORMATION', left, y);
    y += 12;
    const pieces = data.Pieces;
    const type = PACKAGE_TYPES[data.PackageType as PackageType];
    y = table(
      doc,
      y,
      [
        { header: 'Customer order number', width: 150 },
        { header: '# Pkgs', width: 60, right: true },
        { header: 'Weight', width: 90, right: true },
        { header: 'Pallet/slip (Y/N)', width: 82 },
        { header: 'Additional shipper info', width: width - 382 },
      ],
      [
        {
          cells: [
            data.PoNumber,
            pieces === null ? '—' : formatQty(pieces),
            formatPounds(data.WeightLb),
            data.PackageType === 'PLT' || data.PackageType === 'SKD' ? 'Y' : 'N',
            `Order ${data.OrderNumber}, shipment #${data.ShipmentId}`,
          ],
        },
      ],
    );
    y += 10;

    doc.font('Helvetica-Bold').fontSize(8.5).text('CARRIER INFORMATION', left, y);
    y += 12;
    const units = data.Lines.reduce((sum, l) => sum + l.QtyShippedNow, 0);
    const typeCode = type ? data.PackageType : '';
    // One row per commodity (order line), then the grand total the carrier rates the load by:
    // the handling units and weight staff counted, the class and NMFC number they declared.
    y = table(
      doc,
      y,
      [
        { header: 'Handling unit qty', width: 50, right: true },
        { header: 'Type', width: 40 },
        { header: 'Package qty', width: 54, right: true },
        { header: 'Weight', width: 62, right: true },
        { header: 'H.M. (X)', width: 30 },
        { header: 'Commodity description', width: width - 336 },
        { header: 'NMFC #', width: 60 },
        { header: 'Class', width: 40 },
      ],
      [
        ...data.Lines.map((l) => ({
          cells: [
            l.Pieces === null ? '—' : formatQty(l.Pieces),
            l.Pieces === null ? '' : typeCode,
            `${formatQty(l.QtyShippedNow)} ${l.UnitOfMeasure}`,
            formatPounds(l.WeightLb),
            '',
            `${l.ItemNumber} ${l.Description}`,
            l.Nmfc || data.Nmfc || '—',
            l.FreightClass || data.FreightClass || '—',
          ],
        })),
        {
          bold: true,
          cells: [
            pieces === null ? '—' : formatQty(pieces),
            type ? `${data.PackageType} (${type.toLowerCase()})` : '',
            formatQty(units),
            formatPounds(data.WeightLb),
            '',
            'Grand total',
            data.Nmfc || '—',
            data.FreightClass || '—',
          ],
        },
      ],
    );
    y += 8;

    const signatures = 96;
    if (y + signatures + 40 > doc.page.height - PAGE_MARGIN) {
      doc.addPage();
      y = PAGE_MARGIN;
    }
    doc
      .font('Helvetica')
      .fontSize(7)
      .text(
        'Received, subject to the classifications and tariffs in effect on the date of issue of this bill of lading, the property described above in apparent good order, except as noted. The carrier agrees to carry it to its destination and to deliver it to the consignee named above.',
        left,
        y,
        { width },
      );
    y = doc.y + 6;
    const third = width / 3;
    box(
      doc,
      left,
      y,
      third,
      signatures,
      'Shipper signature / date',
      [
        'This is to certify that the above named materials are properly classified, packaged, marked and labeled, and are in proper condition for transportation.',
        '',
        'Signature: ____________________',
        'Date: __________',
      ],
      7,
    );
    box(
      doc,
      left + third,
      y,
      third,
      signatures,
      'Carrier signature / pickup date',
      [
        'Carrier acknowledges receipt of packages and required placards. Property described above is received in good order, except as noted.',
        'Trailer loaded: by shipper / by driver',
        'Signature: ____________________',
        'Date: __________',
      ],
      7,
    );
    box(
      doc,
      left + 2 * third,
      y,
      third,
      signatures,
      'Consignee signature / date',
      [
        'Received the property described above in good order, except as noted.',
        '',
        'Pieces received: ________',
        'Signature: ____________________',
        'Date: __________',
      ],
      7,
    );
  });
}
