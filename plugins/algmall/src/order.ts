/**
 * What buying and the orders page share: the orders table's id, which a purchase refreshes, and the
 * finance area's recharge page, where a purchase the balance does not cover leads.
 */
/** The orders' table: its queries' key starts `['data-table', ORDERS_TABLE]`. */
export const ORDERS_TABLE = 'algmall-orders';

/** The online authorisations' table. */
export const AUTHORISATIONS_TABLE = 'algmall-authorisations';

/** The offline authorisations' table. */
export const OFFLINE_TABLE = 'algmall-offline';

/** A licence file's name: the device's serial and the authorisation, so that a folder of them sorts. */
export const licenceFileName = (row: { sn: string; id: number }) => `licence-${row.sn}-${row.id}.json`;

/** The recharge page's name in the server menu (spec §2.3), of the finance area. */
export const RECHARGE_PAGE = 'recharge';
