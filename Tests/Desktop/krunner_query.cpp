// KF5's real runner engine (Plasma::RunnerManager, what KRunner and Kickoff search with) asking
// fsfind's D-Bus runner: `krunner_query TERM [run|parent]` prints the runner and each match, and
// with `run` or `parent` runs the first match's default or "Open Containing Folder" action.
// Built and run by Tests/Desktop/krunner-check.sh (`make test-desktop`).
#include <KRunner/QueryMatch>
#include <KRunner/RunnerManager>
#include <QAction>
#include <QEventLoop>
#include <QGuiApplication>
#include <QTimer>
#include <QUrl>
#include <cstdio>

int main(int argc, char **argv) {
    QGuiApplication app(argc, argv);
    if (argc < 2) return 2;
    const QString term = QString::fromUtf8(argv[1]);
    const QString what = argc > 2 ? QString::fromUtf8(argv[2]) : QString();
    Plasma::RunnerManager manager;
    for (const KPluginMetaData &data : Plasma::RunnerManager::runnerMetaDataList()) {
        if (data.pluginId() == QLatin1String("fsfind"))
            printf("runner %s (%s)\n", qPrintable(data.pluginId()), qPrintable(data.value(QStringLiteral("X-Plasma-API"))));
    }
    QEventLoop loop;
    QObject::connect(&manager, &Plasma::RunnerManager::queryFinished, &loop, &QEventLoop::quit);
    QTimer::singleShot(15000, &loop, &QEventLoop::quit);
    manager.launchQuery(term, QStringLiteral("fsfind"));
    loop.exec();
    const QList<Plasma::QueryMatch> matches = manager.matches();
    for (const Plasma::QueryMatch &match : matches) {
        QStringList urls;
        for (const QUrl &url : match.urls()) urls << url.toString();
        printf("match %s | %s | type %d relevance %.2f icon %s urls %s\n", qPrintable(match.text()),
               qPrintable(match.subtext()), int(match.type()), match.relevance(), qPrintable(match.iconName()),
               qPrintable(urls.join(QLatin1Char(' '))));
    }
    if (!matches.isEmpty() && (what == QLatin1String("run") || what == QLatin1String("parent"))) {
        Plasma::QueryMatch first = matches.first();
        if (what == QLatin1String("parent")) {
            const QList<QAction *> actions = manager.actionsForMatch(first);
            printf("actions %d\n", int(actions.size()));
            if (!actions.isEmpty()) first.setSelectedAction(actions.last());
        }
        manager.run(first);
        QTimer::singleShot(1500, &loop, &QEventLoop::quit);
        loop.exec();
        printf("ran %s\n", qPrintable(what));
    }
    return 0;
}
