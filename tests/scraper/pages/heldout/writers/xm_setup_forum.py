"""XMB's board settings at 47151 through its own admin form (cp.php?action=settings), as the game
master (the super administrator): 10 posts a page (XMB's default is 25), the captcha off for
registration and posting (no one here reads images), and «maximum 1 user to register per ip per
day» off (the six players all register from 127.0.0.1). Everything else stays as installed: theme
«XMB Davis», language English (the only one shipped), board zone UTC (def_tz 0.00), 12-hour times,
dates dd-mm-yyyy, registration on without e-mail check, flood control 5 seconds."""
import re

from xm_bot import login, send

if __name__ == '__main__':
    b = login('Master', 'masterGamePass1')
    send(b, '/cp.php?action=settings', 'postperpagenew',
         {'postperpagenew': '10', 'captchanew': 'off', 'captcharegnew': 'off', 'captchapostnew': 'off', 'ipReg': 'off'},
         ('settingsubmit1', 'Submit Changes'))
    r = b.get('/cp.php?action=settings')
    for name in ('postperpagenew', 'captchanew', 'captcharegnew', 'captchapostnew', 'ipReg'):
        m = re.search(rf'name="{name}"[^>]*value="(\w+)"|<select\s+name="{name}">.*?value="(\w+)" selected', r.text, re.S)
        m2 = re.search(rf'value="(\w+)" name="{name}"', r.text)
        print(name, (m2 and m2.group(1)) or (m and (m.group(1) or m.group(2))))
