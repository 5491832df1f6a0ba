from formbot import Bot
import re, time, sys
PLAYERS = [('Вася','vasya'),('Петя','petya'),('Боря','borya'),('Аня','anya'),('Гена','gena'),('Вера','vera')]
def register(nick, login):
    b=Bot('http://127.0.0.1:47101')
    r=b.get('/registration')
    f=b.forms(r.text,r.url)[0]
    d=b.fields(f); d['agree']=f.xpath('.//input[@name="agree"]')[0].get('value'); d['register']='Регистрация'
    time.sleep(2)
    r=b.post(f.action,d,referer=r.url,multipart=True)
    f=b.forms(r.text,r.url)[0]
    d=b.fields(f); d.update(email=f'{login}@gorod.test', username=nick, password=f'{login} game pass phrase'); d['register']='Зарегистрироваться'
    time.sleep(3)
    r=b.post(f.action,d,referer=r.url,multipart=True)
    print(nick, r.status_code, r.url, re.sub(r'\s+',' ',re.sub(r'<[^>]+>',' ',r.text))[:200])
for nick, login in PLAYERS:
    register(nick, login)
