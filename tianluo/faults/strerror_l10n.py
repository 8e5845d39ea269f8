"""glibc's strerror texts in the languages a job's locale prints them in (``LANG=zh_CN.UTF-8``, ``de_DE``, ...).

A shell, a C library or Python's ``OSError`` on a host set to another language prints ``权限不够`` or
``Keine Berechtigung`` where an English one prints ``Permission denied``. These are glibc's own translations
(``libc.mo`` of glibc 2.36, Debian 12's ``libc-l10n``), for the errnos ``structure.STRERRORS`` reads, in the
languages most common in public training threads. ``File too large``, ``Bad address``, ``Operation not
permitted`` and ``Operation not supported`` are left out: in other languages they are any program's words too
(an upload's "file too large", a dialog's "operation not allowed"). Translations change little between glibc
releases; one that did is simply not matched. ENOENT's list also holds Windows' own words for a file or path not
found (which a library formatting the system's message prints, LMDB's), in English and Chinese, and the Chinese as a
program decoding the system's GBK bytes as UTF-8 prints them. Data only: no I/O.
"""

#: A translated strerror text -> its errno (the same errnos as ``structure.STRERRORS``).
STRERRORS_L10N: dict[str, int] = {
    # zh_CN
    '设备上没有空间': 28, '超出磁盘限额': 122, '无法分配内存': 12, '权限不够': 13, '只读文件系统': 30,
    '打开的文件过多': 24, '拒绝连接': 111, '连接被对方重设': 104, '连接超时': 110, '网络不可达': 101,
    '没有到主机的路由': 113, '断开的管道': 32, '输入/输出错误': 5, '过旧的文件控柄': 116, '地址已在使用': 98,
    '未知的名称或服务': -2, '域名解析暂时失败': -3, '远程 I/O 错误': 121, '没有可用的锁': 37, '主机关闭': 112,
    '网络已关闭': 100, '由软件导致的连接断开': 103, '可执行文件格式错误': 8, '参数列表过长': 7, '资源暂时不可用': 11,
    '无法指定被请求的地址': 99,
    # zh_TW
    '裝置上已無多餘空間': 28, '磁碟配額已滿': 122, '無法配置記憶體': 12, '拒絕不符權限的操作': 13,
    '唯讀的檔案系統': 30, '開啟太多檔案': 24, '連線被拒絕': 111, '連線被對方重設': 104, '連線超過時間': 110,
    '無法接觸網路': 101, '找不到通往該主機的路由路徑': 113, '管線損壞': 32, '輸入/輸出錯誤': 5,
    '過舊的檔案控柄': 116, '位址已經有在使用': 98, '名稱或服務未知': -2, '解析名稱時發生暫時性錯誤': -3,
    '遠端輸出入錯誤': 121, '無法鎖定資料': 37, '遠端系統已停機了': 112, '網路停擺': 100, '軟體造成連線中斷': 103,
    '可執行檔格式錯誤': 8, '引數列項目過長': 7, '資源暫時無法取得': 11, '無法指定所需的位址': 99,
    # ja
    'デバイスに空き領域がありません': 28, 'ディスク使用量制限を超過しました': 122, 'メモリを確保できません': 12,
    '許可がありません': 13, '読み込み専用ファイルシステムです': 30, 'ファイルを開きすぎです': 24,
    '接続を拒否されました': 111, '接続が相手からリセットされました': 104, '接続がタイムアウトしました': 110,
    'ネットワークに届きません': 101, 'ホストへの経路がありません': 113, '入力/出力エラーです': 5,
    'アドレスは既に使用中です': 98, '名前またはサービスが不明です': -2, '名前解決に一時的に失敗しました': -3,
    '遠隔I/Oエラーです': 121, 'ロックが利用できません': 37, 'ホストが落ちています': 112,
    'ネットワークが落ちています': 100, 'ソフトウェアが接続を中断しました': 103, '実行形式エラー': 8,
    '引数リストが長すぎます': 7, 'リソースが一時的に利用できません': 11, '要求アドレスに割り当てられません': 99,
    # ko
    '장치에 남은 공간이 없음': 28, '디스크 할당량이 초과됨': 122, '메모리를 할당할 수 없습니다': 12, '허가 거부': 13,
    '읽기전용 파일 시스템': 30, '열린 파일이 너무 많음': 24, '연결이 거부됨': 111, '상대편이 연결을 끊음': 104,
    '연결 시간 초과': 110, '네트워크가 접근 불가능합니다': 101, '호스트로 갈 루트가 없음': 113,
    '파이프가 깨어짐': 32, '입력/출력 오류': 5, '끊어진 파일 핸들': 116, '주소가 이미 사용 중입니다': 98,
    '이름 혹은 서비스를 알 수 없습니다': -2, 'name resolution에서 일시적인 실패': -3, '원격 입출력 오류': 121,
    '사용가능한 잠금장치가 없음': 37, '호스트가 죽었습니다': 112, '네트워크가 죽었습니다': 100,
    '소프트웨어가 연결 중단을 초래했습니다': 103, 'Exec 형식 오류': 8, '인수 명단이 너무 김': 7,
    '자원이 일시적으로 사용 불가능함': 11, '요청한 주소를 배정할 수 없습니다': 99,
    # de
    'Auf dem Gerät ist kein Speicherplatz mehr verfügbar': 28,
    'Der zugewiesene Plattenplatz (Quota) ist überschritten': 122, 'Nicht genügend Hauptspeicher verfügbar': 12,
    'Keine Berechtigung': 13, 'Das Dateisystem ist nur lesbar': 30, 'Zu viele offene Dateien': 24,
    'Verbindungsaufbau abgelehnt': 111, 'Die Verbindung wurde vom Kommunikationspartner zurückgesetzt': 104,
    'Die Wartezeit für die Verbindung ist abgelaufen': 110, 'Das Netzwerk ist nicht erreichbar': 101,
    'Keine Route zum Zielrechner': 113, 'Datenübergabe unterbrochen (broken pipe)': 32, 'Eingabe-/Ausgabefehler': 5,
    'Veraltete Dateizugriffsnummer (file handle)': 116, 'Die Adresse wird bereits verwendet': 98,
    'Der Name oder der Dienst ist nicht bekannt': -2, 'Temporärer Fehler bei der Namensauflösung': -3,
    'Ein-/Ausgabefehler der Gegenstelle (remote)': 121, 'Keine Sperren verfügbar': 37,
    'Der Rechner ist nicht aktiv': 112, 'Das Netzwerk ist nicht aktiv': 100,
    'Das Programm verursachte den Abbruch der Verbindung': 103, 'Fehler im Format der Programmdatei': 8,
    'Die Argumentliste ist zu lang': 7, 'Die Ressource ist zur Zeit nicht verfügbar': 11,
    'Die angeforderte Adresse kann nicht zugewiesen werden': 99,
    # fr
    'Aucun espace disponible sur le périphérique': 28, "Débordement du quota d'espace disque": 122,
    'Ne peut allouer de la mémoire': 12, 'Permission non accordée': 13,
    'Système de fichiers accessible en lecture seulement': 30, 'Trop de fichiers ouverts': 24,
    'Connexion refusée': 111, 'Connexion ré-initialisée par le correspondant': 104,
    "Connexion terminée par expiration du délai d'attente": 110, "Le réseau n'est pas accessible": 101,
    "Aucun chemin d'accès pour atteindre l'hôte cible": 113, 'Relais brisé (pipe)': 32, "Erreur d'entrée/sortie": 5,
    "Panne d'accès au fichier": 116, 'Adresse déjà utilisée': 98, 'Nom ou service inconnu': -2,
    'Échec temporaire dans la résolution du nom': -3, "Erreur d'entrée/sortie sur l'hôte cible": 121,
    'Aucun verrou disponible': 37, "L'hôte cible est arrêté ou en panne": 112, 'Le réseau ne fonctionne pas': 100,
    "Le logiciel a provoqué l'abandon de la connexion": 103, 'Erreur de format pour exec()': 8,
    "Liste d'arguments trop longue": 7, 'Ressource temporairement non disponible': 11,
    "Ne peut attribuer l'adresse demandée": 99,
    # es
    'No queda espacio en el dispositivo': 28, 'Se ha excedido la cuota de disco': 122,
    'No se pudo asignar memoria': 12, 'Permiso denegado': 13, 'Sistema de ficheros de sólo lectura': 30,
    'Demasiados ficheros abiertos': 24, 'Conexión rehusada': 111,
    'Conexión reinicializada por la máquina remota': 104, 'Expiró el tiempo de conexión': 110,
    'La red es inaccesible': 101, "No existe ninguna ruta hasta el `host'": 113, 'Tubería rota': 32,
    'Error de entrada/salida': 5, "`handle' de fichero en desuso": 116, 'La dirección ya se está usando': 98,
    'Nombre o servicio desconocido': -2, 'Fallo temporal en la resolución del nombre': -3,
    'Error de E/S en la máquina remota': 121, 'No se pueden bloquear más ficheros': 37,
    "El `host' no está operativo": 112, 'La red no está activa': 100,
    'El programa provocó el fin de la conexión': 103, 'Formato de ejecutable incorrecto': 8,
    'La lista de argumentos es demasiado larga': 7, 'Recurso no disponible temporalmente': 11,
    'No se puede asignar la dirección solicitada': 99,
    # ru
    'На устройстве не осталось свободного места': 28, 'Превышена дисковая квота': 122,
    'Невозможно выделить память': 12, 'Отказано в доступе': 13, 'Файловая система доступна только для чтения': 30,
    'Слишком много открытых файлов': 24, 'В соединении отказано': 111, 'Соединение разорвано другой стороной': 104,
    'Время ожидания соединения истекло': 110, 'Сеть недоступна': 101, 'Нет маршрута до узла': 113,
    'Обрыв канала': 32, 'Ошибка ввода/вывода': 5, 'Устаревший дескриптор файла': 116, 'Адрес уже используется': 98,
    'Неизвестное имя или служба': -2, 'Временный сбой в разрешении имен': -3, 'Ошибка удаленного ввода/вывода': 121,
    'Нет доступных блокировок': 37, 'Узел выключен': 112, 'Сеть не работает': 100,
    'Программа вызвала разрыв соединения': 103, 'Ошибка формата выполняемого файла': 8,
    'Слишком длинный список аргументов': 7, 'Ресурс временно недоступен': 11,
    'Невозможно назначить запрошенный адрес': 99,
    # pt_BR
    'Não há espaço disponível no dispositivo': 28, 'Cota da disco excedida': 122,
    'Não foi possível alocar memória': 12, 'Permissão negada': 13, 'Sistema de arquivos somente para leitura': 30,
    'Muitos arquivos abertos': 24, 'Conexão recusada': 111, 'Conexão fechada pela outra ponta': 104,
    'Tempo esgotado para conexão': 110, 'A rede está fora de alcance': 101, 'Não há rota para o host': 113,
    'Pipe quebrado': 32, 'Erro de entrada/saída': 5, 'Manipulador de arquivo corrompido': 116,
    'Endereço já em uso': 98, 'Nome ou serviço desconhecido': -2, 'Falha temporário na resolução de nome': -3,
    'Erro de E/S remota': 121, 'Não há travas disponíveis': 37, 'Host está desligado': 112,
    'A rede não responde': 100, 'Término de conexão causada por software': 103, 'Erro no formato exec': 8,
    'Lista de argumentos muito longa': 7, 'Recurso temporariamente indisponível': 11,
    'Não foi possível acessar o endereço requisitado': 99,
    # it
    'Spazio esaurito sul device': 28, 'Quota disco superata': 122, 'Impossibile allocare memoria': 12,
    'Permesso negato': 13, 'File system in sola lettura': 30, 'Troppi file aperti': 24, 'Connessione rifiutata': 111,
    'Connessione interrotta dal corrispondente': 104, 'Connessione scaduta': 110, 'La rete non è raggiungibile': 101,
    "Nessun instradamento per l'host": 113, 'Pipe interrotta': 32, 'Errore di input/output': 5,
    'Indirizzo già in uso': 98, 'Nome o servizio sconosciuto': -2,
    'Errore temporaneo nella risoluzione del nome': -3, 'Errore di I/O remoto': 121, 'Nessun lock disponibile': 37,
    "L'host non è attivo": 112, 'La rete non è disponibile': 100,
    'Connessione interrotta per un problema software': 103, 'Formato eseguibile non valido': 8,
    'Elenco degli argomenti troppo lungo': 7, 'Risorsa temporaneamente non disponibile': 11,
    "Impossibile assegnare l'indirizzo richiesto": 99,
    # pl
    'Brak miejsca na urządzeniu': 28, 'Przekroczony limit dyskowy': 122, 'Nie można przydzielić pamięci': 12,
    'Brak dostępu': 13, 'System plików wyłącznie do odczytu': 30, 'Za dużo otwartych plików': 24,
    'Połączenie odrzucone': 111, 'Połączenie zerwane przez drugą stronę': 104,
    'Przekroczony czas oczekiwania na połączenie': 110, 'Sieć jest niedostępna': 101, 'Brak trasy do hosta': 113,
    'Przerwany potok': 32, 'Błąd wejścia/wyjścia': 5, 'Nieaktualny uchwyt pliku': 116, 'Adres jest już w użyciu': 98,
    'Ta nazwa lub usługa jest nieznana': -2, 'Odwzorowanie nazwy jest chwilowo niemożliwe': -3,
    'Błąd we/wy w odległym systemie': 121, 'Brak dostępnych blokad': 37, 'Urządzenie jest wyłączone': 112,
    'Sieć jest wyłączona': 100, 'Oprogramowanie spowodowało przerwanie połączenia': 103,
    'Błędny format pliku wykonywalnego': 8, 'Lista argumentów za długa': 7, 'Zasoby chwilowo niedostępne': 11,
    'Nie można przypisać żądanego adresu': 99,
    # tr
    'Aygıt üzerinde boş yer yok': 28, 'Disk kotası aşıldı': 122, 'Bellek ayrılamadı': 12, 'Erişim engellendi': 13,
    'Salt-okunur dosya sistemi': 30, 'Çok fazla açık dosya var': 24, 'Bağlantı reddedildi': 111,
    'Bağlantı karşıdan kesildi': 104, 'Bağlantıda zaman aşımı': 110, 'Ağ erişilebilir durumda değil': 101,
    'Makinaya ağ üzerinden yol yok': 113, 'Veri alınamıyor': 32, 'Girdi/Çıktı hatası': 5, 'Eski dosya kolu': 116,
    'Adres zaten kullanımda': 98, 'İsim ya da servis bilinmiyor': -2, 'İsim çözünürlüğünde geçici başarısızlık': -3,
    'Uzak G/Ç hatası': 121, 'İşe yarar kilit yok': 37, 'Makina çökük': 112, 'Ağ yok oldu': 100,
    'Yazılım bağlantının kopmasına sebep oldu': 103, 'Çalıştırılabilir biçem hatası': 8,
    'Argüman listesi çok uzun': 7, 'Özkaynak geçici olarak kullanılamaz durumda': 11,
    'İstenen adres bulunamıyor': 99,
}

#: ENOENT's words in the same languages: read, as the English ones, only in an exception's own line.
NOENT_L10N: tuple[str, ...] = (
    '没有那个文件或目录',
    '沒有此一檔案或目錄',
    'そのようなファイルやディレクトリはありません',
    '그런 파일이나 디렉터리가 없습니다',
    'Datei oder Verzeichnis nicht gefunden',
    'Aucun fichier ou dossier de ce type',
    'No existe el fichero o el directorio',
    'Нет такого файла или каталога',
    'Arquivo ou diretório inexistente',
    'File o directory non esistente',
    'Nie ma takiego pliku ani katalogu',
    'Böyle bir dosya ya da dizin yok',
    # Windows' own words for ERROR_FILE_NOT_FOUND and ERROR_PATH_NOT_FOUND (a library that formats the system's message
    # itself, LMDB's, not as ``[WinError 3]``), and the Chinese ones as a program decoding the system's GBK bytes as
    # UTF-8 prints them (every byte it cannot read one U+FFFD)
    'The system cannot find the path specified', 'The system cannot find the file specified',
    '系统找不到指定的路径', '系统找不到指定的文件', '系統找不到指定的路徑', '系統找不到指定的檔案',
    'ϵͳ\ufffdҲ\ufffd\ufffd\ufffdָ\ufffd\ufffd\ufffd\ufffd·\ufffd\ufffd',
    'ϵͳ\ufffdҲ\ufffd\ufffd\ufffdָ\ufffd\ufffd\ufffd\ufffd\ufffdļ\ufffd',
)
