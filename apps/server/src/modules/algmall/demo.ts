/**
 * The demo's algorithm mall (seed.ts): a handful of the vendor's algorithms in the three languages,
 * loaded through the same upsert as `npm run ops -- algmall:products`, so that the product list and
 * detail show what a real catalogue would. Loading them again changes nothing.
 */
import { productInputSchema } from '@vap/contracts';
import type { Db } from '../../core/db/client.js';
import type { LoadCounts } from '../../core/list-file.js';
import { ProductCatalogue } from './products.js';

/**
 * The demo's products as a products file would give them (docs/operations.md). Their words avoid
 * the demo company's own (its group names: 仓库 became 库房): every company reads the products, and
 * the route matrix takes those words in another company's answer for the demo company's data.
 */
export const DEMO_PRODUCTS = [
  {
    code: 'perimeter-intrusion',
    name: { 'zh-CN': '周界入侵检测', en: 'Perimeter intrusion detection', 'zh-TW': '周界入侵偵測' },
    summary: {
      'zh-CN': '在画面中划定警戒线或警戒区域，人员或车辆越线、进入时实时告警，过滤树叶晃动与小动物等干扰。',
      en: 'Draw tripwires or zones on the picture and get an alarm the moment a person or vehicle crosses or enters; swaying leaves and small animals are ignored.',
      'zh-TW': '在畫面中劃定警戒線或警戒區域，人員或車輛越線、進入時即時告警，過濾樹葉晃動與小動物等干擾。',
    },
    detail: {
      'zh-CN':
        '周界入侵检测适用于厂区围墙、库房、变电站、水库等需要全天候值守的场所。在设备画面中最多可绘制 4 条警戒线和 4 个警戒区域，并分别设置方向、停留时间与灵敏度。\n\n算法区分人员与机动车，对树叶晃动、光影变化、雨雪和小动物等常见干扰具有较强的抑制能力，夜间红外画面同样适用。\n\n触发告警时，设备上报带目标框的抓拍图片，可联动声光警示、录像与消息推送。',
      en: 'Perimeter intrusion detection is made for fences of plants, warehouses, substations and reservoirs that must be watched day and night. Up to four tripwires and four zones can be drawn on the picture, each with its own direction, dwell time and sensitivity.\n\nThe algorithm tells people from motor vehicles and holds up against swaying leaves, changing light, rain, snow and small animals; it works on night-time infrared pictures too.\n\nOn an alarm the device sends a snapshot with the target boxed, and can sound its siren, start recording and push a message.',
      'zh-TW':
        '周界入侵偵測適用於廠區圍牆、倉庫、變電站、水庫等需要全天候值守的場所。在設備畫面中最多可繪製 4 條警戒線和 4 個警戒區域，並分別設定方向、停留時間與靈敏度。\n\n演算法區分人員與機動車，對樹葉晃動、光影變化、雨雪和小動物等常見干擾具有較強的抑制能力，夜間紅外畫面同樣適用。\n\n觸發告警時，設備上報帶目標框的抓拍圖片，可聯動聲光警示、錄影與訊息推播。',
    },
    images: [],
    version: '2.3.1',
    kinds: ['ipc', 'nvr'],
    models: [],
    price_fen: 29_900,
    trial_days: 15,
  },
  {
    code: 'people-counting',
    name: { 'zh-CN': '客流统计', en: 'People counting', 'zh-TW': '客流統計' },
    summary: {
      'zh-CN': '统计出入口的进出人数与区域内的实时人数，按小时、天、月生成报表，助力门店排班与运营分析。',
      en: 'Counts people going in and out of an entrance and those inside an area, with hourly, daily and monthly reports for staffing and store analytics.',
      'zh-TW': '統計出入口的進出人數與區域內的即時人數，按小時、天、月產生報表，助力門店排班與營運分析。',
    },
    detail: {
      'zh-CN':
        '客流统计基于头肩检测与目标跟踪，在出入口设置计数线即可分别统计进入与离开的人数；也可在区域内统计实时人数，超过设定人数时告警。\n\n推荐顶装或斜装，安装高度 2.5 至 4 米，正常客流下准确率可达 95% 以上，排队、并行通过时同样稳定。\n\n统计数据按小时汇总上报，可导出报表，用于门店排班、促销效果评估与场所限流。',
      en: 'People counting tracks heads and shoulders: set a counting line across an entrance to count those going in and those going out, or count the people inside an area and raise an alarm above a set number.\n\nMount the camera overhead or at an angle, 2.5 to 4 metres high; under normal traffic it counts more than 95% correctly, queues and people walking side by side included.\n\nCounts are reported every hour and can be exported, for staffing, judging promotions and limiting occupancy.',
      'zh-TW':
        '客流統計基於頭肩偵測與目標追蹤，在出入口設定計數線即可分別統計進入與離開的人數；也可在區域內統計即時人數，超過設定人數時告警。\n\n建議頂裝或斜裝，安裝高度 2.5 至 4 公尺，正常客流下準確率可達 95% 以上，排隊、並行通過時同樣穩定。\n\n統計資料按小時彙總上報，可匯出報表，用於門店排班、促銷效果評估與場所限流。',
    },
    images: [],
    version: '1.8.0',
    kinds: ['ipc'],
    models: ['VC-C3', 'VC-C5'],
    price_fen: 19_900,
    trial_days: 7,
  },
  {
    code: 'helmet-detection',
    name: { 'zh-CN': '安全帽佩戴检测', en: 'Safety helmet detection', 'zh-TW': '安全帽佩戴偵測' },
    summary: {
      'zh-CN': '识别施工现场、车间内未佩戴安全帽的人员并抓拍告警，支持多种颜色安全帽，助力安全生产管理。',
      en: 'Spots people without a safety helmet on building sites and shop floors, with a snapshot and an alarm; helmets of every common colour are recognised.',
      'zh-TW': '識別施工現場、車間內未佩戴安全帽的人員並抓拍告警，支援多種顏色安全帽，助力安全生產管理。',
    },
    detail: {
      'zh-CN':
        '安全帽佩戴检测用于建筑工地、厂房车间、电力巡检等作业场景，对画面中的人员逐一判断是否佩戴安全帽，支持红、黄、蓝、白等常见颜色。\n\n可设置检测区域与告警间隔，同一人员在间隔内不重复告警；草帽、普通帽子等不会被误认为安全帽。\n\n告警抓拍图片随事件上报平台，便于安全员事后核查与整改跟踪。',
      en: 'Safety helmet detection is for building sites, workshops and power-line inspections: every person in the picture is checked for a helmet, red, yellow, blue and white ones alike.\n\nSet the area to watch and the interval between alarms, so that one person is not reported again and again; straw hats and ordinary caps are not taken for helmets.\n\nEach alarm reaches the platform with its snapshot, for the safety officer to check and follow up.',
      'zh-TW':
        '安全帽佩戴偵測用於建築工地、廠房車間、電力巡檢等作業場景，對畫面中的人員逐一判斷是否佩戴安全帽，支援紅、黃、藍、白等常見顏色。\n\n可設定偵測區域與告警間隔，同一人員在間隔內不重複告警；草帽、一般帽子等不會被誤認為安全帽。\n\n告警抓拍圖片隨事件上報平台，便於安全員事後核查與整改追蹤。',
    },
    images: [],
    version: '3.0.2',
    kinds: ['ipc', 'nvr'],
    models: [],
    price_fen: 39_900,
    trial_days: 15,
  },
  {
    code: 'gate-plates',
    name: { 'zh-CN': '出入口车牌识别', en: 'Licence plates at the gate', 'zh-TW': '出入口車牌辨識' },
    summary: {
      'zh-CN':
        '在停车场、园区出入口识别过往车辆车牌，支持新能源、黄牌、警用等多种车牌，联动道闸实现自动放行。',
      en: 'Reads the plates of vehicles at car-park and campus gates — new-energy, yellow, police and other plates — and opens the barrier for those allowed in.',
      'zh-TW':
        '在停車場、園區出入口辨識過往車輛車牌，支援新能源、黃牌、警用等多種車牌，聯動道閘實現自動放行。',
    },
    detail: {
      'zh-CN':
        '出入口车牌识别面向停车场、园区、小区与物流园的出入口，车辆驶入识别区域后自动抓拍并识别车牌号码、颜色与类型，识别结果随图片实时上报。\n\n支持蓝牌、黄牌、新能源车牌、警用与使馆车牌等常见类型，白天识别率 99% 以上，夜间补光条件下同样稳定。\n\n配合白名单即可联动道闸自动放行，陌生车辆告警并留存记录，便于事后查询。',
      en: 'Licence plates at the gate serves the gates of car parks, campuses, residential estates and logistics parks: a vehicle entering the zone is captured and its plate number, colour and type read and reported with the picture at once.\n\nBlue, yellow, new-energy, police and embassy plates are among those read; more than 99% are read correctly by day, and as reliably at night with the lamp on.\n\nWith an allow list it opens the barrier by itself; an unknown vehicle raises an alarm and is kept on record for later search.',
      'zh-TW':
        '出入口車牌辨識面向停車場、園區、社區與物流園的出入口，車輛駛入辨識區域後自動抓拍並辨識車牌號碼、顏色與類型，辨識結果隨圖片即時上報。\n\n支援藍牌、黃牌、新能源車牌、警用與使館車牌等常見類型，白天辨識率 99% 以上，夜間補光條件下同樣穩定。\n\n配合白名單即可聯動道閘自動放行，陌生車輛告警並留存紀錄，便於事後查詢。',
    },
    images: [],
    version: '4.1.0',
    kinds: ['ipc'],
    models: ['VC-B4', 'VC-P8'],
    price_fen: 49_900,
    trial_days: null,
  },
  {
    code: 'smoke-fire',
    name: { 'zh-CN': '烟火检测', en: 'Smoke and fire detection', 'zh-TW': '煙火偵測' },
    summary: {
      'zh-CN': '及早发现画面中的明火与烟雾，适用于库房、森林、加油站等防火重点区域，告警附带抓拍图片。',
      en: 'Finds open flames and smoke early in warehouses, forests, petrol stations and other places where fire must be caught at once; every alarm comes with a snapshot.',
      'zh-TW': '及早發現畫面中的明火與煙霧，適用於倉庫、森林、加油站等防火重點區域，告警附帶抓拍圖片。',
    },
    detail: {
      'zh-CN':
        '烟火检测同时识别明火与烟雾两类目标，对初起火情反应迅速，适合仓储物流、森林防火、加油站与配电房等场所。\n\n算法对灯光、夕阳、红色衣物等易混淆目标做了专门训练，可按区域设置灵敏度，降低误报。\n\n支持录像机对接入的多路画面统一分析，告警事件可在平台集中查看与处理。',
      en: 'Smoke and fire detection looks for both open flames and smoke and reacts to a fire as it starts: for warehouses, forests, petrol stations and switch rooms.\n\nIt was trained against lamps, sunsets and red clothes, which fool simpler detectors, and its sensitivity can be set per area to keep false alarms down.\n\nOn a recorder it analyses every connected channel, and its alarms are seen and handled together on the platform.',
      'zh-TW':
        '煙火偵測同時辨識明火與煙霧兩類目標，對初起火情反應迅速，適合倉儲物流、森林防火、加油站與配電房等場所。\n\n演算法對燈光、夕陽、紅色衣物等易混淆目標做了專門訓練，可按區域設定靈敏度，降低誤報。\n\n支援錄影機對接入的多路畫面統一分析，告警事件可在平台集中檢視與處理。',
    },
    images: [],
    version: '1.2.5',
    kinds: ['nvr'],
    models: ['VR-N8', 'VR-N16'],
    price_fen: 59_900,
    trial_days: 7,
  },
] as const;

/** Loads the demo's products; again, it changes nothing. */
export function seedDemoProducts(db: Db): Promise<LoadCounts> {
  return new ProductCatalogue(db).load(DEMO_PRODUCTS.map((product) => productInputSchema.parse(product)));
}
