; swissdesk Windows installer (NSIS 3, Unicode). Builds on Linux with Debian's makensis.
;
; Input: the one-folder PyInstaller bundle (packaging/swissdesk.spec), as laid out by
; packaging/bundle_layout.py:
;     BUNDLE_DIR\swissdesk.exe            windowed desktop application
;     BUNDLE_DIR\swissdesk-cli.exe        console commands (pair, check, generate, ...)
;     BUNDLE_DIR\_internal\...            Python, Qt, package data (icons, fonts, sample)
;
; Installs the bundle to Program Files, adds Start-menu and desktop shortcuts, associates
; .swissdesk tournament files (with their own icon) with swissdesk, registers the
; uninstaller in "Apps & features". The uninstaller removes only what this installer put
; there: tournaments and settings of the arbiter are never deleted.
;
; packaging/build.py runs it as
;     makensis -DVERSION=0.1.0 -DNUMERIC_VERSION=0.1.0.0 -DBUNDLE_DIR=dist/swissdesk
;              -DOUTFILE=dist/swissdesk-0.1.0-setup.exe installer/swissdesk.nsi
; On Linux it adds -DEXE_SUFFIX= (the Linux bundle's executables have no .exe) to prove the
; script against the same layout; that output is a check, not an installer to ship.

Unicode true

!ifndef VERSION
  !error "Pass the version from the build: makensis -DVERSION=x.y.z (packaging/build.py does)"
!endif
!ifndef NUMERIC_VERSION
  !error "Pass the four-number version: makensis -DNUMERIC_VERSION=x.y.z.0"
!endif
!ifndef BUNDLE_DIR
  !error "Pass the PyInstaller bundle folder: makensis -DBUNDLE_DIR=dist/swissdesk"
!endif
!ifndef EXE_SUFFIX
  !define EXE_SUFFIX ".exe"
!endif
!ifndef OUTFILE
  !define OUTFILE "swissdesk-${VERSION}-setup.exe"
!endif

!define APP_NAME "swissdesk"
!define PUBLISHER "swissdesk"
!define GUI_EXE "swissdesk${EXE_SUFFIX}"
!define CLI_EXE "swissdesk-cli${EXE_SUFFIX}"
!define CONTENTS_DIR "_internal"
!define ICONS_DIR "${CONTENTS_DIR}\swissdesk\resources\icons"
!define APP_ICON "${ICONS_DIR}\swissdesk.ico"
!define DOCUMENT_ICON "${ICONS_DIR}\swissdesk-document.ico"
!define EXTENSION ".swissdesk"
!define MIME_TYPE "application/x-swissdesk"
!define PROGID "swissdesk.Tournament"
!define APP_KEY "Software\swissdesk"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\swissdesk"
!define UNINSTALLER "uninstall.exe"
!define MANUAL_PDF "swissdesk-manual.pdf"

; Refuse to build from a bundle that does not have the layout this script installs.
!if ! /FileExists "${BUNDLE_DIR}\${GUI_EXE}"
  !error "${BUNDLE_DIR}\${GUI_EXE} is missing: build the bundle first (packaging/build.py)"
!endif
!if ! /FileExists "${BUNDLE_DIR}\${CLI_EXE}"
  !error "${BUNDLE_DIR}\${CLI_EXE} is missing: build the bundle first (packaging/build.py)"
!endif
!if ! /FileExists "${BUNDLE_DIR}\${APP_ICON}"
  !error "${BUNDLE_DIR}\${APP_ICON} is missing: the bundle lacks the package icons"
!endif
!if ! /FileExists "${BUNDLE_DIR}\${DOCUMENT_ICON}"
  !error "${BUNDLE_DIR}\${DOCUMENT_ICON} is missing: the bundle lacks the package icons"
!endif

!ifdef FAST_COMPRESSION
  SetCompressor zlib
!else
  SetCompressor /SOLID lzma
!endif

Name "${APP_NAME} ${VERSION}"
OutFile "${OUTFILE}"
InstallDir "$PROGRAMFILES64\${APP_NAME}"
InstallDirRegKey HKLM "${APP_KEY}" "InstallDir"
RequestExecutionLevel admin
ManifestDPIAware true
BrandingText "${APP_NAME} ${VERSION}"

VIProductVersion "${NUMERIC_VERSION}"
VIFileVersion "${NUMERIC_VERSION}"
VIAddVersionKey "ProductName" "${APP_NAME}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "FileDescription" "${APP_NAME} ${VERSION} setup"
VIAddVersionKey "CompanyName" "${PUBLISHER}"
VIAddVersionKey "LegalCopyright" "GPL-3.0-or-later"

!include "MUI2.nsh"
!include "LogicLib.nsh"
!include "x64.nsh"
!include "FileFunc.nsh"

!define MUI_ICON "${BUNDLE_DIR}\${APP_ICON}"
!define MUI_UNICON "${BUNDLE_DIR}\${APP_ICON}"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\${GUI_EXE}"
!define MUI_FINISHPAGE_RUN_TEXT "Start ${APP_NAME}"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_ICONSTOP "${APP_NAME} needs a 64-bit version of Windows."
    Abort
  ${EndIf}
  SetRegView 64
FunctionEnd

Function un.onInit
  SetRegView 64
FunctionEnd

Section "${APP_NAME}" SecMain
  SectionIn RO
  SetShellVarContext all
  SetOutPath "$INSTDIR"

  ; An older version's libraries must not linger beside the new ones.
  RMDir /r "$INSTDIR\${CONTENTS_DIR}"

  File "${BUNDLE_DIR}\${GUI_EXE}"
  File "${BUNDLE_DIR}\${CLI_EXE}"
  File /r "${BUNDLE_DIR}\${CONTENTS_DIR}"
!if /FileExists "${BUNDLE_DIR}\${MANUAL_PDF}"
  File "${BUNDLE_DIR}\${MANUAL_PDF}"
!endif

  WriteUninstaller "$INSTDIR\${UNINSTALLER}"

  ; Shortcuts
  CreateDirectory "$SMPROGRAMS\${APP_NAME}"
  CreateShortCut "$SMPROGRAMS\${APP_NAME}\${APP_NAME}.lnk" "$INSTDIR\${GUI_EXE}" "" "$INSTDIR\${APP_ICON}" 0
  CreateShortCut "$SMPROGRAMS\${APP_NAME}\Uninstall ${APP_NAME}.lnk" "$INSTDIR\${UNINSTALLER}"
!if /FileExists "${BUNDLE_DIR}\${MANUAL_PDF}"
  CreateShortCut "$SMPROGRAMS\${APP_NAME}\${APP_NAME} manual.lnk" "$INSTDIR\${MANUAL_PDF}"
!endif
  CreateShortCut "$DESKTOP\${APP_NAME}.lnk" "$INSTDIR\${GUI_EXE}" "" "$INSTDIR\${APP_ICON}" 0

  ; .swissdesk file association, with the tournament-file icon
  WriteRegStr HKLM "Software\Classes\${EXTENSION}" "" "${PROGID}"
  WriteRegStr HKLM "Software\Classes\${EXTENSION}" "Content Type" "${MIME_TYPE}"
  WriteRegStr HKLM "Software\Classes\${PROGID}" "" "swissdesk tournament"
  WriteRegStr HKLM "Software\Classes\${PROGID}\DefaultIcon" "" '"$INSTDIR\${DOCUMENT_ICON}",0'
  WriteRegStr HKLM "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\${GUI_EXE}" "%1"'

  ; "Apps & features" entry
  WriteRegStr HKLM "${APP_KEY}" "InstallDir" "$INSTDIR"
  WriteRegStr HKLM "${APP_KEY}" "Version" "${VERSION}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayIcon" '"$INSTDIR\${APP_ICON}"'
  WriteRegStr HKLM "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKLM "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\${UNINSTALLER}"'
  WriteRegStr HKLM "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\${UNINSTALLER}" /S'
  WriteRegDWORD HKLM "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKLM "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  IntFmt $0 "0x%08X" $0
  WriteRegDWORD HKLM "${UNINSTALL_KEY}" "EstimatedSize" "$0"

  ; Tell Explorer the association changed (SHCNE_ASSOCCHANGED).
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd

Section "Uninstall"
  SetShellVarContext all

  ; Only what the installer put there: a tournament saved into this folder stays.
  Delete "$INSTDIR\${GUI_EXE}"
  Delete "$INSTDIR\${CLI_EXE}"
  RMDir /r "$INSTDIR\${CONTENTS_DIR}"
  Delete "$INSTDIR\${MANUAL_PDF}"
  Delete "$INSTDIR\${UNINSTALLER}"
  RMDir "$INSTDIR"

  Delete "$SMPROGRAMS\${APP_NAME}\${APP_NAME}.lnk"
  Delete "$SMPROGRAMS\${APP_NAME}\Uninstall ${APP_NAME}.lnk"
  Delete "$SMPROGRAMS\${APP_NAME}\${APP_NAME} manual.lnk"
  RMDir "$SMPROGRAMS\${APP_NAME}"
  Delete "$DESKTOP\${APP_NAME}.lnk"

  ; Leave the extension alone if another program has taken it over since.
  ReadRegStr $0 HKLM "Software\Classes\${EXTENSION}" ""
  ${If} $0 == "${PROGID}"
    DeleteRegKey HKLM "Software\Classes\${EXTENSION}"
  ${EndIf}
  DeleteRegKey HKLM "Software\Classes\${PROGID}"
  DeleteRegKey HKLM "${UNINSTALL_KEY}"
  DeleteRegKey HKLM "${APP_KEY}"

  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd
