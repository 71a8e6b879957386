// Words Indian ERPs receive in names, companies and addresses, in ten scripts: given names,
// family names, company words, address words, places and each script's own digits. Data, not
// an arbitrary: generators/script-text.ts draws from it. Some words hold characters whose NFC
// and NFD forms differ (nukta letters, two-part vowel signs) and joiners (ZWJ, ZWNJ) that the
// scripts use in ordinary spelling.

export interface ScriptWords {
  /** Unicode script name, as in \p{Script=...}. */
  script: string;
  /** Code point range of the script's block, for random letters. */
  block: [number, number];
  rtl?: boolean;
  given: string[];
  family: string[];
  company: string[];
  street: string[];
  places: string[];
  digits: string;
}

export const SCRIPT_WORDS: readonly ScriptWords[] = [
  {
    script: 'Devanagari',
    block: [0x0900, 0x097f],
    given: ['राजेश', 'सुनीता', 'अमित', 'प्रिया', 'श्रीनिवास', 'ज़ैनब', 'क़ादिर', 'लक्ष्मी'],
    family: ['शर्मा', 'वर्मा', 'पाटील', 'देशपांडे', 'त्रिपाठी', 'कुमार'],
    company: ['प्राइवेट लिमिटेड', 'ट्रेडर्स', 'एंटरप्राइज़ेज़', 'उद्योग', 'भंडार'],
    street: ['मार्ग', 'गली', 'नगर', 'चौक', 'मोहल्ला', 'मंज़िल'],
    places: ['मुंबई', 'पुणे', 'नई दिल्ली', 'वाराणसी'],
    digits: '०१२३४५६७८९',
  },
  {
    script: 'Tamil',
    block: [0x0b80, 0x0bff],
    given: ['முருகன்', 'லட்சுமி', 'சுப்பிரமணியன்', 'கார்த்திக்', 'மீனாட்சி', 'கொற்றவை'],
    family: ['ராஜா', 'பிள்ளை', 'அய்யர்', 'முதலியார்'],
    company: ['நிறுவனம்', 'ஸ்டோர்ஸ்', 'டிரேடர்ஸ்', 'தொழிற்சாலை'],
    street: ['தெரு', 'சாலை', 'நகர்', 'கதவு எண்'],
    places: ['சென்னை', 'மதுரை', 'கோயம்புத்தூர்'],
    digits: '௦௧௨௩௪௫௬௭௮௯',
  },
  {
    script: 'Bengali',
    block: [0x0980, 0x09ff],
    given: ['সৌরভ', 'অনন্যা', 'দেবাশীষ', 'শ্রাবন্তী', 'রবীন্দ্রনাথ', 'জয়া'],
    family: ['বন্দ্যোপাধ্যায়', 'চট্টোপাধ্যায়', 'দাস', 'সেন'],
    company: ['ভান্ডার', 'এন্টারপ্রাইজ', 'প্রাইভেট লিমিটেড'],
    street: ['রোড', 'লেন', 'পাড়া', 'বাড়ি'],
    places: ['কলকাতা', 'হাওড়া', 'শিলিগুড়ি'],
    digits: '০১২৩৪৫৬৭৮৯',
  },
  {
    script: 'Gujarati',
    block: [0x0a80, 0x0aff],
    given: ['નરેન્દ્ર', 'હેતલ', 'કિંજલ', 'ભાવેશ', 'ઋષિ'],
    family: ['પટેલ', 'શાહ', 'દેસાઈ', 'મહેતા'],
    company: ['ટ્રેડર્સ', 'એન્ટરપ્રાઇઝ', 'ઉદ્યોગ'],
    street: ['રોડ', 'સોસાયટી', 'ફ્લેટ', 'પોળ'],
    places: ['અમદાવાદ', 'સુરત', 'વડોદરા'],
    digits: '૦૧૨૩૪૫૬૭૮૯',
  },
  {
    script: 'Gurmukhi',
    block: [0x0a00, 0x0a7f],
    given: ['ਗੁਰਪ੍ਰੀਤ', 'ਹਰਜੀਤ', 'ਮਨਪ੍ਰੀਤ', 'ਜਸਵਿੰਦਰ'],
    family: ['ਸਿੰਘ', 'ਕੌਰ', 'ਗਿੱਲ', 'ਸੰਧੂ'],
    company: ['ਟ੍ਰੇਡਰਜ਼', 'ਐਂਟਰਪ੍ਰਾਈਜ਼ਿਜ਼', 'ਉਦਯੋਗ'],
    street: ['ਗਲੀ', 'ਮੁਹੱਲਾ', 'ਨਗਰ', 'ਬਾਜ਼ਾਰ'],
    places: ['ਅੰਮ੍ਰਿਤਸਰ', 'ਲੁਧਿਆਣਾ', 'ਪਟਿਆਲਾ'],
    digits: '੦੧੨੩੪੫੬੭੮੯',
  },
  {
    script: 'Telugu',
    block: [0x0c00, 0x0c7f],
    given: ['వెంకటేశ్వర', 'లక్ష్మి', 'శ్రీనివాస్', 'సాయి'],
    family: ['రెడ్డి', 'నాయుడు', 'రావు', 'చౌదరి'],
    company: ['ట్రేడర్స్', 'ఎంటర్\u200cప్రైజెస్', 'ప్రైవేట్ లిమిటెడ్'],
    street: ['వీధి', 'నగర్', 'కాలనీ', 'రోడ్డు'],
    places: ['హైదరాబాద్', 'విజయవాడ', 'విశాఖపట్నం'],
    digits: '౦౧౨౩౪౫౬౭౮౯',
  },
  {
    script: 'Kannada',
    block: [0x0c80, 0x0cff],
    given: ['ಮಂಜುನಾಥ', 'ಲಕ್ಷ್ಮೀ', 'ಶ್ರೀಧರ', 'ಕಾವ್ಯ'],
    family: ['ಗೌಡ', 'ಹೆಗಡೆ', 'ಶೆಟ್ಟಿ', 'ಭಟ್'],
    company: ['ಟ್ರೇಡರ್ಸ್', 'ಎಂಟರ್\u200cಪ್ರೈಸಸ್', 'ಉದ್ಯಮ'],
    street: ['ರಸ್ತೆ', 'ಬಡಾವಣೆ', 'ನಗರ', 'ಅಡ್ಡರಸ್ತೆ'],
    places: ['ಬೆಂಗಳೂರು', 'ಮೈಸೂರು', 'ಹುಬ್ಬಳ್ಳಿ'],
    digits: '೦೧೨೩೪೫೬೭೮೯',
  },
  {
    script: 'Malayalam',
    block: [0x0d00, 0x0d7f],
    // കൃഷ്ണൻ with the atomic chillu (U+0D7B) and കൃഷ്ണന്\u200d with the older virama + ZWJ spelling.
    given: ['കൃഷ്ണൻ', 'കൃഷ്ണന്\u200d', 'അനിൽ', 'ലക്ഷ്മി', 'ശ്രീജിത്ത്'],
    family: ['നായർ', 'മേനോൻ', 'പിള്ള', 'കുറുപ്പ്'],
    company: ['ട്രേഡേഴ്സ്', 'എന്റർപ്രൈസസ്', 'സ്റ്റോഴ്സ്'],
    street: ['റോഡ്', 'നഗർ', 'ജംഗ്ഷൻ', 'തെരുവ്'],
    places: ['കൊച്ചി', 'തിരുവനന്തപുരം', 'കോഴിക്കോട്'],
    digits: '൦൧൨൩൪൫൬൭൮൯',
  },
  {
    script: 'Oriya',
    block: [0x0b00, 0x0b7f],
    given: ['ପ୍ରଦୀପ', 'ସୁଭଦ୍ରା', 'ଜଗନ୍ନାଥ', 'ଲକ୍ଷ୍ମୀ'],
    family: ['ମହାପାତ୍ର', 'ପଣ୍ଡା', 'ଦାସ', 'ମିଶ୍ର'],
    company: ['ଟ୍ରେଡର୍ସ', 'ଏଣ୍ଟରପ୍ରାଇଜେସ୍', 'ଉଦ୍ୟୋଗ'],
    street: ['ରାସ୍ତା', 'ନଗର', 'ଛକ', 'ସଡ଼କ'],
    places: ['ଭୁବନେଶ୍ୱର', 'କଟକ', 'ପୁରୀ'],
    digits: '୦୧୨୩୪୫୬୭୮୯',
  },
  {
    script: 'Arabic',
    block: [0x0600, 0x06ff],
    rtl: true, // Urdu (Nastaliq users write it right to left)
    given: ['محمد', 'عائشہ', 'فاطمہ', 'عمران', 'ذوالفقار'],
    family: ['خان', 'قریشی', 'صدیقی', 'انصاری'],
    company: ['ٹریڈرز', 'انٹرپرائزز', 'پرائیویٹ لمیٹڈ'],
    street: ['گلی', 'محلہ', 'روڈ', 'مکان نمبر'],
    places: ['لکھنؤ', 'حیدرآباد', 'سری نگر'],
    digits: '۰۱۲۳۴۵۶۷۸۹',
  },
];
