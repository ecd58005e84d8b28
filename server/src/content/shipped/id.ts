import type { ShippedTexts } from "./types";

export const id: ShippedTexts = {
  news: {
    welcome: {
      title: "Selamat datang di TradeWise",
      summary: "Cara memulai, dan cara memeriksa bahwa setiap angka itu nyata.",
      body: "<p>Selamat datang! Tiga langkah untuk memulai:</p><ol><li><strong>Verifikasi identitas Anda</strong> (Akun, Verifikasi KYC). Peninjauan umumnya selesai dalam 24 jam.</li><li><strong>Deposit {deposit_currency}</strong>: kirim ke alamat penerima yang ditampilkan di halaman deposit, lalu unggah tangkapan layar pembayaran beserta jumlahnya. Operator memeriksanya dan mengkreditkan dompet Anda.</li><li><strong>Atur kata sandi transaksi</strong> (Akun, Pusat keamanan): penarikan memerlukannya.</li></ol><p>Setiap perubahan saldo Anda adalah entri buku besar beserta penyebabnya, dan riwayat keuangan Anda selalu berjumlah sama dengan saldo Anda. Setiap tindakan operator dicatat di log audit.</p><p>Ada pertanyaan? Baca <a href=\"#/pages/me/faq\">FAQ</a> atau hubungi layanan pelanggan dari tab Layanan.</p>",
    },
    funding: {
      title: "Cara kerja deposit dan penarikan",
      summary: "Hanya {deposit_currency} yang dapat didepositkan. Penarikan mulai dari {withdraw_min} {withdraw_currency}, dengan biaya {withdraw_fee} {withdraw_currency}, setelah ditinjau operator.",
      body: "<h2>Deposit</h2><ul><li>Hanya {deposit_currency} yang dapat didepositkan. Konversikan mata uang lain ke {deposit_currency} terlebih dahulu.</li><li>Pilih jaringan, kirim {deposit_currency} ke alamat penerima platform yang ditampilkan di halaman deposit, lalu unggah tangkapan layar pembayaran beserta jumlah yang Anda kirim. Satu deposit bernilai antara {deposit_min} dan {deposit_max} {deposit_currency}.</li><li>Operator mencocokkan tangkapan layar Anda dengan transfer yang diterima, lalu menyetujuinya (dompet Anda dikreditkan) atau menolaknya dengan alasan yang dapat Anda baca di riwayat deposit.</li><li>Selama deposit masih menunggu, Anda dapat membatalkannya jika belum mengirim uang.</li><li>Satu tangkapan layar hanya dapat mendukung satu deposit.</li></ul><h2>Penarikan</h2><ul><li>Minimum {withdraw_min} {withdraw_currency}. Biayanya {withdraw_fee} {withdraw_currency}, dipotong dari jumlah penarikan: menarik {withdraw_min} {withdraw_currency}, Anda menerima {withdraw_min_receive} {withdraw_currency}. Formulir menampilkan jumlah yang Anda terima sebelum Anda mengonfirmasi.</li><li>Anda memerlukan verifikasi identitas yang disetujui, kata sandi transaksi, alamat penarikan yang tersimpan di buku alamat, dan tidak ada posisi leverage yang terbuka.</li><li>Satu permintaan dalam satu waktu: permintaan baru menunggu hingga permintaan yang tertunda ditinjau.</li><li>Jumlahnya dibekukan hingga operator meninjau permintaan: dibayarkan (Anda dapat melihat hash transaksi) atau ditolak (jumlahnya kembali ke saldo tersedia). {withdraw_currency} umumnya tiba dalam 24 jam setelah permintaan.</li><li>Setelah perubahan kata sandi masuk, kata sandi transaksi, atau Google 2FA, penarikan dijeda selama 24 jam, untuk melindungi Anda jika orang lain yang melakukan perubahan itu.</li><li>Tidak ada hal lain yang dapat menahan penarikan: tidak ada pajak, biaya pembukaan, atau syarat perputaran atas deposit Anda sendiri.</li></ul>",
    },
  },
  faq: {
    "account.10": {
      question: "Bagaimana cara mendaftar?",
      answer: "<p>Gunakan nama akun (4 hingga 32 huruf, angka, atau _ . -) atau alamat e-mail, kata sandi 6 hingga 16 karakter, dan kode undangan yang valid. Mendaftar dengan alamat e-mail juga memerlukan kode yang kami kirim ke alamat tersebut.</p>",
    },
    "account.20": {
      question: "Saya lupa kata sandi. Apa yang bisa saya lakukan?",
      answer: "<p>Di halaman masuk, pilih \"Lupa kata sandi?\": kami mengirim kode ke alamat e-mail yang terhubung dengan akun Anda, lalu Anda membuat kata sandi baru. Jika tidak ada e-mail yang terhubung, hubungi layanan pelanggan.</p>",
    },
    "account.30": {
      question: "Mengapa akun saya dibekukan?",
      answer: "<p>Akun yang dibekukan tidak dapat masuk atau bertransaksi. Hubungi layanan pelanggan dari tab Layanan: mereka akan menjelaskan alasannya dan apa yang perlu dilakukan.</p>",
    },
    "security.10": {
      question: "Apa itu kata sandi transaksi?",
      answer: "<p>Kata sandi kedua, terpisah dari kata sandi masuk, yang diminta saat Anda menarik dana. Atur di Akun, Pusat keamanan. Panjangnya 6 hingga 16 karakter.</p>",
    },
    "security.20": {
      question: "Mengapa penarikan dijeda setelah saya mengganti kata sandi?",
      answer: "<p>Setelah perubahan kata sandi masuk, kata sandi transaksi, atau Google 2FA, penarikan dijeda selama 24 jam. Jika orang lain yang melakukan perubahan, ini memberi Anda waktu untuk bertindak.</p>",
    },
    "security.30": {
      question: "Bagaimana cara mengaktifkan Google 2FA?",
      answer: "<p>Di Pusat keamanan, Google 2FA: pindai kode QR dengan aplikasi autentikator, lalu konfirmasi dengan kode 6 digit yang ditampilkannya.</p>",
    },
    "kyc.10": {
      question: "Berapa lama verifikasi identitas?",
      answer: "<p>Umumnya dalam 24 jam. Anda memerlukan negara, nama, jenis dan nomor dokumen, serta foto bagian depan dan belakang dokumen dan foto Anda memegangnya. Satu nomor identitas hanya dapat diverifikasi sekali.</p>",
    },
    "kyc.20": {
      question: "Apa saja yang memerlukan verifikasi identitas?",
      answer: "<p>Penarikan memerlukan verifikasi yang disetujui, begitu pula beberapa fitur lain: aplikasi akan memberi tahu Anda kapan diperlukan.</p>",
    },
    "deposit.10": {
      question: "Bagaimana cara deposit?",
      answer: "<ol><li>Buka Deposit dan pilih jaringan.</li><li>Kirim {deposit_currency} ke alamat penerima yang ditampilkan (antara {deposit_min} dan {deposit_max} {deposit_currency}).</li><li>Unggah tangkapan layar pembayaran beserta jumlah yang Anda kirim.</li></ol><p>Operator mencocokkannya dengan transfer yang diterima dan mengkreditkan dompet Anda, atau menolaknya dengan alasan yang ditampilkan di riwayat deposit. Selama masih menunggu, Anda dapat membatalkannya.</p>",
    },
    "deposit.20": {
      question: "Bisakah saya deposit mata uang lain, atau lewat transfer bank?",
      answer: "<p>Hanya {deposit_currency} yang dapat didepositkan: konversikan mata uang lain ke {deposit_currency} di dompet Anda. Untuk transfer bank, hubungi layanan pelanggan terlebih dahulu; halaman transfer bank menjelaskan langkah-langkahnya.</p>",
    },
    "deposit.30": {
      question: "Mengapa deposit saya ditolak?",
      answer: "<p>Alasannya ditampilkan di riwayat deposit Anda. Penyebab umum: jumlahnya tidak sesuai dengan transfer yang diterima, transfer tidak ditemukan, atau tangkapan layar sudah dipakai untuk deposit lain.</p>",
    },
    "withdrawal.10": {
      question: "Apa aturan penarikan?",
      answer: "<ul><li>Minimum {withdraw_min} {withdraw_currency}; biaya {withdraw_fee} {withdraw_currency}, dipotong dari jumlah penarikan (menarik {withdraw_min} Anda menerima {withdraw_min_receive}).</li><li>Verifikasi identitas disetujui, kata sandi transaksi, alamat penarikan tersimpan, tidak ada posisi leverage terbuka.</li><li>Satu permintaan tertunda dalam satu waktu.</li></ul>",
    },
    "withdrawal.20": {
      question: "Berapa lama penarikan diproses?",
      answer: "<p>Operator meninjau setiap permintaan; {withdraw_currency} umumnya tiba dalam 24 jam setelah permintaan. Sampai saat itu jumlahnya dibekukan. Permintaan yang ditolak mengembalikan jumlahnya ke saldo tersedia Anda, beserta alasannya.</p>",
    },
    "withdrawal.30": {
      question: "Apakah ada hal lain yang dapat menahan penarikan saya?",
      answer: "<p>Tidak. Hanya aturan yang dipublikasikan yang berlaku (minimum, biaya, peninjauan, satu permintaan tertunda, verifikasi identitas, jeda 24 jam setelah perubahan keamanan). Tidak ada pajak, biaya pembukaan, atau syarat perputaran atas deposit Anda sendiri.</p>",
    },
    "trading.10": {
      question: "Pada harga berapa transaksi saya diselesaikan?",
      answer: "<p>Pada harga tercatat dari umpan harga pasar. Setiap penyelesaian menampilkan harga dan waktu tick yang digunakan. Tidak ada harga khusus per pengguna. Selama umpan pasar simulasi aktif, layar harga menampilkan lencana \"data pasar demo\".</p>",
    },
    "trading.20": {
      question: "Apa itu take-profit dan stop-loss?",
      answer: "<p>Harga ketika posisi terbuka menutup dengan sendirinya. Keduanya tidak boleh 0. Untuk posisi long (beli naik), take-profit tidak boleh di bawah harga pembukaan dan harga saat ini, dan stop-loss tidak boleh di atasnya; untuk posisi short (beli turun), sebaliknya.</p>",
    },
    "options.10": {
      question: "Apa itu opsi berjangka waktu?",
      answer: "<p>Anda memilih pasangan, arah (naik atau turun), durasi dengan tingkat pembayarannya, dan nilai taruhan. Saat waktu habis, harga saat jatuh tempo dibandingkan dengan harga pembukaan.</p>",
    },
    "options.20": {
      question: "Bagaimana opsi berjangka waktu diselesaikan?",
      answer: "<p>Pada tick pertama saat atau setelah jatuh tempo, dibandingkan dengan tick pembukaan; kedua tick (harga dan waktu) ditampilkan bersama hasilnya.</p><ul><li>Menang: taruhan Anda kembali ditambah taruhan × tingkat pembayaran.</li><li>Kalah: taruhan hilang.</li><li>Harga sama: taruhan dikembalikan.</li></ul>",
    },
    "options.30": {
      question: "Berapa nilai harapan opsi berjangka waktu?",
      answer: "<p>Kemenangan membayar lebih sedikit dari taruhan yang dipertaruhkan: tingkat pembayaran di bawah 100%. Dengan peluang menang dan kalah yang sama, transaksi dengan tingkat pembayaran r diperkirakan rugi taruhan × (1 − r) / 2. Layar transaksi menampilkan tingkat dan nilai harapan sebelum Anda mengonfirmasi.</p>",
    },
    "options.40": {
      question: "Mengapa saya tidak bisa bertransaksi opsi?",
      answer: "<p>Opsi berjangka waktu dapat dinonaktifkan per negara, dan sebuah pasangan dapat ditutup untuk transaksi. Aplikasi memberi tahu Anda mana yang berlaku.</p>",
    },
    "earn.10": {
      question: "Bagaimana arbitrase AI membayar?",
      answer: "<p>Imbal hasil mengikuti tarif harian yang diungkapkan saat Anda berlangganan (ditampilkan sebagai tarif harian dan APR), dikreditkan setiap hari ke dompet {deposit_currency} Anda; pokok dikembalikan di akhir jangka waktu. Halaman produk menampilkan selisih harga antar bursa yang ditemukan mesin.</p>",
    },
    "earn.20": {
      question: "Bisakah saya mengakhiri hosting lebih awal?",
      answer: "<p>Ya. Pengakhiran lebih awal mengembalikan pokok Anda dikurangi penalti yang diungkapkan, yang ditampilkan sebelum Anda mengonfirmasi.</p>",
    },
    "loans.10": {
      question: "Bagaimana bunga pinjaman dihitung?",
      answer: "<p>Bunga = jumlah × tarif harian × hari, jatuh tempo bersama jumlah pinjaman. Pinjaman yang terlambat dikenai biaya keterlambatan harian yang diungkapkan. Formulir pengajuan menampilkan APR dan total yang harus dibayar sebelum Anda mengirim.</p>",
    },
    "referral.10": {
      question: "Bagaimana hadiah referensi bekerja?",
      answer: "<p>Halaman Undang teman menampilkan kode dan tautan undangan Anda, serta hadiah saat ini beserta syaratnya.</p>",
    },
    "other.10": {
      question: "Bagaimana saya bisa memeriksa saldo saya benar?",
      answer: "<p>Riwayat keuangan Anda mencantumkan setiap entri buku besar beserta penyebabnya, dan jumlahnya sama dengan saldo Anda. Tindakan operator dicatat di log audit, dan penyesuaian manual muncul di riwayat Anda beserta alasannya.</p>",
    },
  },
  documents: {
    fwxy: {
      title: "Perjanjian layanan",
      body: "<p>Perjanjian ini antara Anda dan operator platform ini. Dengan mendaftar, Anda menyetujuinya. Operator dapat mengganti teks ini; versi yang ditampilkan di sini adalah yang berlaku.</p><ol><li><strong>Akun Anda.</strong> Simpan sendiri kata sandi masuk, kata sandi trading, dan autentikator Anda. Setiap tindakan yang dilakukan dengannya dianggap tindakan Anda.</li><li><strong>Identitas.</strong> Penarikan dan beberapa produk memerlukan verifikasi identitas yang lolos. Berikan dokumen yang benar; akun yang dibuka dengan dokumen palsu dapat ditutup.</li><li><strong>Uang Anda.</strong> Setiap perubahan saldo adalah entri buku besar dengan penyebabnya, terlihat di catatan keuangan Anda. Operator meninjau setoran dan penarikan sebelum dikreditkan atau dibayarkan.</li><li><strong>Risiko.</strong> Kontrak, opsi berjangka waktu, forex, dan logam dapat kehilangan sebagian atau seluruh dana Anda. Baca peringatan risiko setiap produk sebelum bertransaksi. Tidak ada isi di sini yang merupakan saran investasi.</li><li><strong>Biaya.</strong> Biaya setiap produk ditampilkan sebelum Anda mengonfirmasi. Tidak ada biaya lain yang diambil dari saldo Anda.</li><li><strong>Perilaku.</strong> Jangan gunakan platform untuk pencucian uang, penipuan, atau melanggar hukum negara Anda. Operator dapat menangguhkan akun yang melakukannya dan menyimpan catatan yang diwajibkan hukum.</li><li><strong>Perubahan.</strong> Setiap perubahan perjanjian ini diumumkan di pemberitahuan sebelum berlaku. Pertanyaan: hubungi layanan pelanggan dari tab Layanan.</li></ol>",
    },
  },
};
